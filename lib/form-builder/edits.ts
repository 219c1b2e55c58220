import type { z } from "zod";
import { blockTypes, type BlockInput, type BlockType, type formBlock } from "@/lib/marketplaces/schemas";

// The form-block builder's state and every change to it, as pure functions on an immutable list
// (the formbricks model): the builder's event handlers, drag and drop included, only call these.
// Blocks and select options carry client ids that stay the same across edits and moves, so React
// keys and dnd-kit's sortable ids never depend on a position or a label.

export { blockTypes, type BlockType };

export type BuilderOption = { id: string; value: string };

export type BuilderBlock = {
  id: string;
  type: BlockType;
  label: string;
  required: boolean;
  description: string;
  /** kept when the type changes away from `select`, so switching back restores them; sent only for `select` */
  options: BuilderOption[];
};

export type ResponseBlock = z.output<typeof formBlock>;

/** Makes the client ids; injected so tests (and server renders) get predictable ones. */
export type MakeId = () => string;

let counter = 0;
/** Unique within a page's life, which is all a client id needs. */
export const makeId: MakeId = () => `b${(++counter).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const MAX_BLOCKS = 20;

export function createBlock(type: BlockType, makeIdFn: MakeId = makeId, label = ""): BuilderBlock {
  return {
    id: makeIdFn(),
    type,
    label,
    required: false,
    description: "",
    options: type === "select" ? [{ id: makeIdFn(), value: "" }] : [],
  };
}

/** Adds `block` at `index` (default: the end). Past MAX_BLOCKS the list is returned unchanged. */
export function addBlock(blocks: readonly BuilderBlock[], block: BuilderBlock, index = blocks.length): BuilderBlock[] {
  if (blocks.length >= MAX_BLOCKS) return [...blocks];
  const at = clamp(index, 0, blocks.length);
  return [...blocks.slice(0, at), block, ...blocks.slice(at)];
}

export type BlockPatch = Partial<Pick<BuilderBlock, "type" | "label" | "required" | "description">>;

/**
 * Changes some fields of one block. A block becoming a `select` with no options gets one empty
 * option to fill in.
 */
export function updateBlock(
  blocks: readonly BuilderBlock[],
  id: string,
  patch: BlockPatch,
  makeIdFn: MakeId = makeId,
): BuilderBlock[] {
  return blocks.map((block) => {
    if (block.id !== id) return block;
    const next = { ...block, ...patch };
    if (next.type === "select" && next.options.length === 0) next.options = [{ id: makeIdFn(), value: "" }];
    return next;
  });
}

export function removeBlock(blocks: readonly BuilderBlock[], id: string): BuilderBlock[] {
  return blocks.filter((block) => block.id !== id);
}

/**
 * Undo of a deletion: the block back at the place it had, in the list as it is now (other changes
 * made since stay). A block already there, or a full list, leaves the list as it is.
 */
export function restoreBlock(blocks: readonly BuilderBlock[], block: BuilderBlock, index: number): BuilderBlock[] {
  if (blocks.some((b) => b.id === block.id)) return [...blocks];
  return addBlock(blocks, block, index);
}

/** A copy of one block (new ids) right after it. */
export function duplicateBlock(blocks: readonly BuilderBlock[], id: string, makeIdFn: MakeId = makeId): BuilderBlock[] {
  const index = blocks.findIndex((block) => block.id === id);
  if (index < 0 || blocks.length >= MAX_BLOCKS) return [...blocks];
  const source = blocks[index]!;
  const copy: BuilderBlock = { ...source, id: makeIdFn(), options: source.options.map((o) => ({ id: makeIdFn(), value: o.value })) };
  return addBlock(blocks, copy, index + 1);
}

/** Moves the item at `from` to `to` (the others shift), as dnd-kit's arrayMove does. Out of range: unchanged. */
export function move<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function moveBlock(blocks: readonly BuilderBlock[], from: number, to: number): BuilderBlock[] {
  return move(blocks, from, to);
}

/** Moves the block `activeId` to where `overId` is (what a drag ends with). Unknown ids: unchanged. */
export function moveBlockOnto(blocks: readonly BuilderBlock[], activeId: string, overId: string | null | undefined): BuilderBlock[] {
  if (!overId) return [...blocks];
  return moveBlock(
    blocks,
    blocks.findIndex((b) => b.id === activeId),
    blocks.findIndex((b) => b.id === overId),
  );
}

export function toggleRequired(blocks: readonly BuilderBlock[], id: string): BuilderBlock[] {
  return blocks.map((block) => (block.id === id ? { ...block, required: !block.required } : block));
}

function updateOptions(
  blocks: readonly BuilderBlock[],
  blockId: string,
  change: (options: BuilderOption[]) => BuilderOption[],
): BuilderBlock[] {
  return blocks.map((block) => (block.id === blockId ? { ...block, options: change(block.options) } : block));
}

export const MAX_OPTIONS = 50;

export function addOption(blocks: readonly BuilderBlock[], blockId: string, value = "", makeIdFn: MakeId = makeId): BuilderBlock[] {
  return updateOptions(blocks, blockId, (options) =>
    options.length >= MAX_OPTIONS ? options : [...options, { id: makeIdFn(), value }],
  );
}

export function updateOption(blocks: readonly BuilderBlock[], blockId: string, optionId: string, value: string): BuilderBlock[] {
  return updateOptions(blocks, blockId, (options) => options.map((o) => (o.id === optionId ? { ...o, value } : o)));
}

export function removeOption(blocks: readonly BuilderBlock[], blockId: string, optionId: string): BuilderBlock[] {
  return updateOptions(blocks, blockId, (options) => options.filter((o) => o.id !== optionId));
}

export function moveOption(blocks: readonly BuilderBlock[], blockId: string, from: number, to: number): BuilderBlock[] {
  return updateOptions(blocks, blockId, (options) => move(options, from, to));
}

/** Replaces all the options of a block, e.g. from text pasted one option per line. */
export function setOptions(blocks: readonly BuilderBlock[], blockId: string, values: string[], makeIdFn: MakeId = makeId): BuilderBlock[] {
  return updateOptions(blocks, blockId, () => values.slice(0, MAX_OPTIONS).map((value) => ({ id: makeIdFn(), value })));
}

/** The blocks as the API's `form_blocks` object: `{"blocks": [{type, label, required, description?, options?}]}`. */
export function toRequestBody(blocks: readonly BuilderBlock[]): { blocks: BlockInput[] } {
  return {
    blocks: blocks.map((block) => ({
      type: block.type,
      label: block.label.trim(),
      required: block.required,
      ...(block.description.trim() ? { description: block.description.trim() } : {}),
      ...(block.type === "select" ? { options: block.options.map((o) => o.value.trim()) } : {}),
    })),
  };
}

/** The `form_blocks` multipart text part. */
export function toRequestJson(blocks: readonly BuilderBlock[]): string {
  return JSON.stringify(toRequestBody(blocks));
}

/** The builder's blocks from the API's `form_blocks` items (new client ids). */
export function fromResponse(items: readonly ResponseBlock[], makeIdFn: MakeId = makeId): BuilderBlock[] {
  return items.map((item) => ({
    id: makeIdFn(),
    type: (blockTypes as readonly string[]).includes(item.fieldType) ? item.fieldType : "text",
    label: item.fieldLabel,
    required: item.required,
    description: item.fieldDescription,
    options: item.fieldOptions.map((o) => ({ id: makeIdFn(), value: o.name })),
  }));
}

/** Whether two block lists would send the same `form_blocks` (ids aside): tells a real change from a no-op. */
export function sameBlocks(a: readonly BuilderBlock[], b: readonly BuilderBlock[]): boolean {
  return toRequestJson(a) === toRequestJson(b);
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(Math.max(n, min), max);
}
