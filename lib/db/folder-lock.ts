import fs from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock between processes: two processes writing one data folder silently lose data.
 * The first process writes its pid into DATA_DIR/kola.lock; a second one fails at once, naming the
 * holder. A lock whose process is gone (a crash) is taken over.
 */
export function acquireFolderLock(dataDir: string): () => void {
  const file = path.join(dataDir, "kola.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      const release = () => {
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(file, "utf8").trim());
      if (holder === process.pid) throw new Error(`The database in ${dataDir} is already open in this process.`);
      if (holder && isAlive(holder)) {
        throw new Error(
          `The embedded database in ${path.resolve(dataDir)} is in use by process ${holder}. ` +
            "PGlite cannot be shared by two processes: stop the other one (a running server, " +
            "`npm run dev` or an admin command) and try again, or set DATABASE_URL to use PostgreSQL.",
        );
      }
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
