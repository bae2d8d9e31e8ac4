/**
 * Server code that runs in the PDF sandbox pool on untrusted bytes. The pool loads a task module
 * by URL (packages/pdf never imports the application); build.mjs compiles each one beside main.js
 * and points its URL there.
 */
export const SANDBOX_TASKS = {
  /** A photographed signature made clean (sharp on anyone's photo). */
  cleanSignaturePhoto: new URL('./users/clean-signature-photo-task.ts', import.meta.url).href,
} as const;
