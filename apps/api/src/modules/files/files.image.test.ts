import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Semaphore } from '../../lib/semaphore';
import {
  LARGE_IMAGE_PIXELS,
  MAX_CONCURRENT_REENCODES,
  reencodeImage,
  reencodeSlots,
  reencodeWeight,
} from './files.image';

// At most two re-encodes at once per process (decision 0099); an image above LARGE_IMAGE_PIXELS alone.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cabinet-image-test-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A promise and the function that settles it. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

describe('Semaphore', () => {
  it('runs at most its size at once; the others wait, in order', async () => {
    const slots = new Semaphore(2);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      slots.run(async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect([slots.active, slots.waiting]).toEqual([2, 2]);
    gates[1]?.open();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    expect([slots.active, slots.waiting]).toEqual([2, 1]);
    for (const g of gates) g.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect([slots.active, slots.waiting]).toEqual([0, 0]);
  });

  it('gives a heavy task every slot it asks for, in arrival order: nobody overtakes it', async () => {
    const slots = new Semaphore(2);
    const gates = [gate(), gate(), gate()];
    const started: string[] = [];
    const task = (name: string, g: ReturnType<typeof gate>) => async () => {
      started.push(name);
      await g.opened;
    };
    const light = slots.run(task('light', gates[0] ?? gate()));
    const heavy = slots.run(task('heavy', gates[1] ?? gate()), 2);
    const after = slots.run(task('after', gates[2] ?? gate()));
    await tick();
    // One slot is free, but the heavy task needs two, and the light one behind it waits its turn.
    expect(started).toEqual(['light']);
    expect([slots.active, slots.waiting]).toEqual([1, 2]);
    gates[0]?.open();
    await tick();
    expect(started).toEqual(['light', 'heavy']);
    expect([slots.active, slots.waiting]).toEqual([1, 1]);
    gates[1]?.open();
    await tick();
    expect(started).toEqual(['light', 'heavy', 'after']);
    gates[2]?.open();
    await Promise.all([light, heavy, after]);
    // A weight above the size is the whole semaphore, not a deadlock.
    expect(await slots.run(async () => 'whole', 5)).toBe('whole');
    expect([slots.active, slots.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a task that fails', async () => {
    const slots = new Semaphore(1);
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(async () => 'next')).toBe('next');
    expect(slots.active).toBe(0);
  });
});

describe('reencodeWeight', () => {
  it('puts an image above LARGE_IMAGE_PIXELS alone, any other beside one more', () => {
    expect(reencodeWeight(4000, 4000)).toBe(1);
    expect(LARGE_IMAGE_PIXELS).toBe(16_000_000);
    expect(reencodeWeight(4000, 4001)).toBe(MAX_CONCURRENT_REENCODES);
    expect(reencodeWeight(7200, 5000)).toBe(MAX_CONCURRENT_REENCODES);
  });
});

describe('reencodeImage', () => {
  it('allows two re-encodes at once: a third waits for a free slot', async () => {
    expect(MAX_CONCURRENT_REENCODES).toBe(2);
    const file = path.join(dir, 'photo.png');
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#393' } })
      .png()
      .toBuffer();
    await writeFile(file, png);

    // Two re-encodes in progress (held open here), then a third upload's re-encode.
    const held = [gate(), gate()];
    const busy = held.map((g) => reencodeSlots.run(() => g.opened));
    let third = false;
    const waiting = reencodeImage(file).then((image) => {
      third = true;
      return image;
    });
    await tick(300);
    expect(third).toBe(false);
    expect([reencodeSlots.active, reencodeSlots.waiting]).toEqual([2, 1]);

    held[0]?.open();
    const image = await waiting;
    expect(image).toMatchObject({ mime: 'image/png', width: 64, height: 48 });
    held[1]?.open();
    await Promise.all(busy);
    expect([reencodeSlots.active, reencodeSlots.waiting]).toEqual([0, 0]);

    // Three at once all finish.
    const all = await Promise.all([reencodeImage(file), reencodeImage(file), reencodeImage(file)]);
    expect(all.map((i) => i.mime)).toEqual(['image/png', 'image/png', 'image/png']);
  });
});
