/**
 * Bytes sent to worker threads (the import's and `bdb stats --jobs N`'s): a leaf module, so that reading
 * files on one thread loads nothing of the workers' machinery.
 */

/**
 * Files whose bytes may be transferred to a worker: a view on a larger (pooled) buffer is copied, as
 * transferring it would take the whole pool away; a file owning its buffer is sent as it is.
 */
export function ownBuffers<F extends { readonly file: string; readonly bytes: Uint8Array }>(
  files: readonly F[],
): (F | { file: string; bytes: Uint8Array })[] {
  return files.map((f) =>
    f.bytes.byteOffset === 0 && f.bytes.byteLength === f.bytes.buffer.byteLength
      ? f
      : { file: f.file, bytes: f.bytes.slice() },
  );
}
