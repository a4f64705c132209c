import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { CREATE_USER_MESSAGES, type CreateUserDeps, createUser } from './create-user';

const found = { id: 42, email: 'new@example.com', name: '' };

function deps(overrides: Partial<CreateUserDeps> = {}) {
  return {
    findUserByEmail: vi
      .fn<CreateUserDeps['findUserByEmail']>()
      .mockResolvedValueOnce(null)
      .mockResolvedValueOnce(found),
    sendInvitation: vi.fn<CreateUserDeps['sendInvitation']>().mockResolvedValue(undefined),
    updateProfile: vi.fn<CreateUserDeps['updateProfile']>().mockResolvedValue(undefined),
    ...overrides,
  } satisfies CreateUserDeps;
}

describe('createUser (spec section 4, admin create user)', () => {
  it('warns about an empty e-mail and calls nothing', async () => {
    const d = deps();
    const outcome = await createUser({ name: 'Анна', email: '   ' }, d);
    expect(outcome).toEqual({ status: 'warned', warning: CREATE_USER_MESSAGES.badEmail });
    expect(d.findUserByEmail).not.toHaveBeenCalled();
    expect(d.sendInvitation).not.toHaveBeenCalled();
  });

  it('stops with a warning when the address already has an account', async () => {
    const d = deps({ findUserByEmail: vi.fn().mockResolvedValue(found) });
    const outcome = await createUser({ name: 'Анна', email: 'New@Example.com' }, d);
    expect(outcome).toEqual({ status: 'warned', warning: CREATE_USER_MESSAGES.exists });
    expect(d.findUserByEmail).toHaveBeenCalledWith('new@example.com');
    expect(d.sendInvitation).not.toHaveBeenCalled();
  });

  it('invites, finds the new account, uploads the avatar, then sets name and avatar, in that order', async () => {
    const order: string[] = [];
    const updateProfile = vi.fn(async (_id: number, _body: unknown) => {
      order.push('update');
    });
    const d = deps({
      sendInvitation: async () => {
        order.push('invite');
      },
      updateProfile,
    });
    const uploadAvatar = vi.fn(async () => {
      order.push('upload');
      return 7;
    });
    const outcome = await createUser({ name: ' Анна ', email: 'new@example.com', uploadAvatar }, d);
    expect(outcome).toEqual({ status: 'created', userId: 42 });
    expect(order).toEqual(['invite', 'upload', 'update']);
    expect(d.findUserByEmail).toHaveBeenCalledTimes(2);
    expect(updateProfile).toHaveBeenCalledWith(42, { name: 'Анна', image_id: 7 });
  });

  it('saves the name without an avatar when the upload fails (the account exists by then)', async () => {
    const d = deps();
    const outcome = await createUser(
      { name: 'Анна', email: 'new@example.com', uploadAvatar: () => Promise.reject(new Error('x')) },
      d,
    );
    expect(outcome.status).toBe('created');
    expect(d.updateProfile).toHaveBeenCalledWith(42, { name: 'Анна' });
  });

  it('fails when the invited account cannot be found', async () => {
    const d = deps({ findUserByEmail: vi.fn().mockResolvedValue(null) });
    await expect(createUser({ name: 'Анна', email: 'new@example.com' }, d)).rejects.toThrow(
      CREATE_USER_MESSAGES.failed,
    );
    expect(d.updateProfile).not.toHaveBeenCalled();
  });

  it('passes on an invitation failure', async () => {
    const d = deps({ sendInvitation: vi.fn().mockRejectedValue(new ApiError(503, 'Нет связи')) });
    await expect(createUser({ name: 'Анна', email: 'new@example.com' }, d)).rejects.toThrow('Нет связи');
  });
});
