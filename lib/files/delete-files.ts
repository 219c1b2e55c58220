import { and, eq, inArray, like, notExists, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { getDb } from "@/lib/db/client";
import { files, marketplaceGateways, marketplaces } from "@/lib/db/schema";
import { log } from "@/lib/runtime/log";
import { deleteObject } from "./storage";

/**
 * Deletes files that nothing points at any more: their rows, then their bytes. Called after the
 * transaction that replaced them committed. A file is kept while a marketplace uses it (as logo
 * or favicon, by id) or a marketplace link holds its URL (`marketplace_logo`,
 * `marketplace_favicon` copied at creation: links keep the branding they were made with, DESIGN §5;
 * or its own `favicon`).
 */
export async function deleteUnreferencedFiles(ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const copiedUrl = (column: AnyPgColumn) => like(column, sql`'%/files/' || ${files.fileKey}`);
  const deleted = await db
    .delete(files)
    .where(
      and(
        inArray(files.id, ids),
        notExists(
          db
            .select({ one: sql`1` })
            .from(marketplaces)
            .where(or(eq(marketplaces.logoFileId, files.id), eq(marketplaces.faviconFileId, files.id))),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(marketplaceGateways)
            .where(
              and(
                eq(marketplaceGateways.accountId, files.accountId),
                eq(marketplaceGateways.mode, files.mode),
                or(
                  copiedUrl(marketplaceGateways.marketplaceLogo),
                  copiedUrl(marketplaceGateways.marketplaceFavicon),
                  copiedUrl(marketplaceGateways.favicon),
                ),
              ),
            ),
        ),
      ),
    )
    .returning({ key: files.fileKey });
  for (const { key } of deleted) {
    // the row is gone: bytes left behind by a failure here are unreachable, not wrong
    await deleteObject(key).catch((error: unknown) => log("warn", "stored file not deleted", { key, error }));
  }
  return deleted.map((d) => d.key);
}
