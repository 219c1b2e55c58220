import fs from "node:fs/promises";
import path from "node:path";
import type { ObjectStore } from "./object-store";

/** Uploads as files in DATA_DIR/uploads: one machine only (or a shared mount). */
export function diskStore(dataDir: string): ObjectStore {
  const folder = path.join(dataDir, "uploads");
  return {
    async write(key, bytes) {
      await fs.mkdir(folder, { recursive: true });
      await fs.writeFile(path.join(folder, key), bytes, { flag: "wx" });
    },
    async read(key) {
      try {
        return await fs.readFile(path.join(folder, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(path.join(folder, key), { force: true });
    },
  };
}
