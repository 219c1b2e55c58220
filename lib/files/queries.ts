import { and, eq, inArray } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { files } from "@/lib/db/schema";
import type { FileRow } from "./store-upload";

export async function findOwnFile(auth: Auth, id: string): Promise<FileRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(files).where(and(ownedBy(files, auth), eq(files.id, id)));
  return row;
}

export async function findFileByKey(key: string): Promise<FileRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(files).where(eq(files.fileKey, key));
  return row;
}

export async function findFilesById(ids: string[]): Promise<Map<string, FileRow>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.select().from(files).where(inArray(files.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}
