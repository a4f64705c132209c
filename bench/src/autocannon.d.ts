// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string | string[];
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    timeout?: number;
  }
  /** An event emitter ('response', 'reqError', 'done') that is also a promise of the run's end. */
  interface Instance extends PromiseLike<unknown> {
    on(event: string, listener: (...args: never[]) => void): Instance;
    stop(): void;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
