/** Where asset bytes live. Local disk by default; S3-compatible storage can implement the same. */
export interface AssetStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when the key is unknown. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}
