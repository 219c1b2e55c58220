// What a storage backend does (disk-store.ts, s3-store.ts); storage.ts picks one per call.
export type ObjectStore = {
  /** Stores new bytes under a new key. */
  write(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when the key holds nothing. A store that cannot answer throws. */
  read(key: string): Promise<Buffer | null>;
  /** Removes stored bytes; a key already gone is fine (a delete retried after a crash). */
  remove(key: string): Promise<void>;
};
