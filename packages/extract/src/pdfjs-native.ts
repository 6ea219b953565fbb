// pdf.js's legacy build (the one that runs on Node 20) installs core-js polyfills over builtins
// that Node already has: `Array.prototype.push` (forced on V8 ≤ 121 for an edge case of arrays
// longer than 2³² and frozen lengths), `JSON.parse` and `JSON.stringify`. The polyfilled push runs
// about 15× slower than V8's own and took an eighth of the reader's CPU on text PDFs (every push
// of this thread: pdf.js's parser, our layout). This module is imported before pdf.js (pdf.ts's
// first import) to keep the native functions, and `restoreNativeBuiltins()` puts them back once
// pdf.js and its worker module are loaded. Nothing here changes what the functions do for pdf.js.
const NATIVE = {
  push: Array.prototype.push,
  parse: JSON.parse,
  stringify: JSON.stringify,
};

const put = (target: object, key: string, value: unknown) => {
  const current = Object.getOwnPropertyDescriptor(target, key);
  if (current?.value === value) return;
  Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: false });
};

export function restoreNativeBuiltins(): void {
  put(Array.prototype, 'push', NATIVE.push);
  put(JSON, 'parse', NATIVE.parse);
  put(JSON, 'stringify', NATIVE.stringify);
}

/** Whether the builtins are V8's own (for tests). */
export function nativeBuiltinsInPlace(): boolean {
  return Array.prototype.push === NATIVE.push && JSON.parse === NATIVE.parse && JSON.stringify === NATIVE.stringify;
}
