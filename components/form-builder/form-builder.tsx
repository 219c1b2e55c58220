"use client";

import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { useToast } from "@/components/ui/toast";
import {
  addBlock,
  blockTypes,
  createBlock,
  MAX_BLOCKS,
  moveBlockOnto,
  restoreBlock,
  type BlockType,
  type BuilderBlock,
} from "@/lib/form-builder/edits";
import { fill } from "@/lib/core/fill";
import { BlockIcon } from "./block-icon";
import { labelInputId } from "./ids";
import { SortableBlock } from "./sortable-block";
import { useI18n } from "@/lib/i18n/provider";

type FormBuilderProps = {
  blocks: BuilderBlock[];
  onChange: (blocks: BuilderBlock[]) => void;
  /** the message of one input: `""` (the whole list), `2.label`, `2.options`, `2.options.0` */
  errorOf: (path: string) => string | undefined;
};

function focusSoon(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/**
 * The form-block builder: add, edit, delete and reorder the questions of the marketplace's
 * checkout form. Every change goes through the pure operations of lib/form-builder; dragging (mouse,
 * touch, or keyboard from the handle) ends in moveBlockOnto and nothing else.
 */
export function FormBuilder({ blocks, onChange, errorOf }: FormBuilderProps) {
  const words = useI18n().t.marketplace;
  const { count } = useI18n();
  const w = words.builder;
  const notify = useToast();
  const dndId = useId();
  // one question open at a time (a new one opens); a question with an error is always open
  const [openId, setOpenId] = useState<string | null>(null);
  // "Undo" runs later: it restores into the list as it is then, not as it was at the deletion
  const latest = useRef({ blocks, onChange });
  useEffect(() => {
    latest.current = { blocks, onChange };
  }, [blocks, onChange]);
  const sensors = useSensors(
    // 8 px before a pointer drag starts: a click or a text selection inside a block is never a drag
    useSensor(PointerSensor, { activationConstraint: { distance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const labelOf = (id: UniqueIdentifier) => blocks.find((b) => b.id === id)?.label.trim() || w.untitled;
  const positionOf = (id: UniqueIdentifier) => blocks.findIndex((b) => b.id === id) + 1;
  const say = (template: string, active: UniqueIdentifier, at: UniqueIdentifier) =>
    fill(template, { label: labelOf(active), pos: positionOf(at), total: blocks.length });
  const announcements: Announcements = {
    onDragStart: ({ active }) => say(w.pickedUp, active.id, active.id),
    onDragOver: ({ active, over }) => (over ? say(w.movedTo, active.id, over.id) : undefined),
    onDragEnd: ({ active, over }) => say(over ? w.dropped : w.cancelled, active.id, over?.id ?? active.id),
    onDragCancel: ({ active }) => say(w.cancelled, active.id, active.id),
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    onChange(moveBlockOnto(blocks, String(active.id), over ? String(over.id) : null));
  }

  function add(type: BlockType) {
    const block = createBlock(type);
    onChange(addBlock(blocks, block));
    setOpenId(block.id);
    focusSoon(labelInputId(block.id));
  }

  function removed(index: number, block: BuilderBlock) {
    const undo = () => {
      const { blocks: now, onChange: change } = latest.current;
      change(restoreBlock(now, block, index));
      setOpenId(block.id);
      focusSoon(labelInputId(block.id));
    };
    notify(fill(w.removed, { label: block.label.trim() || w.untitled }), "info", { label: w.undo, run: undo });
    const next = blocks[index + 1] ?? blocks[index - 1];
    focusSoon(next ? labelInputId(next.id) : `${dndId}-add`);
  }

  const hasError = (block: BuilderBlock, index: number) =>
    ["label", "description", "options", ...block.options.map((_, j) => `options.${j}`)].some((part) => errorOf(`${index}.${part}`));

  const full = blocks.length >= MAX_BLOCKS;
  const listError = errorOf("");

  return (
    <div className="flex flex-col gap-4">
      {blocks.length === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 bg-stone-50 px-4 py-6 text-center text-sm text-stone-600">{w.empty}</p>
      ) : (
        <DndContext
          id={dndId}
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: w.instructions } }}
        >
          <SortableContext items={blocks.map((b) => b.id)} strategy={verticalListSortingStrategy}>
            <ol aria-label={w.listLabel} className="flex flex-col gap-3" data-testid="form-blocks">
              {blocks.map((block, index) => (
                <SortableBlock
                  key={block.id}
                  block={block}
                  index={index}
                  blocks={blocks}
                  onChange={onChange}
                  onRemoved={() => removed(index, block)}
                  errorOf={(part) => errorOf(`${index}.${part}`)}
                  expanded={openId === block.id || hasError(block, index)}
                  onToggle={() => setOpenId((open) => (open === block.id ? null : block.id))}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {listError && (
        <p role="alert" className="text-sm text-red-700">
          {listError}
        </p>
      )}

      <fieldset className="rounded-lg border border-stone-200 bg-stone-50 p-3" disabled={full}>
        <legend id={`${dndId}-add`} tabIndex={-1} className="px-1 text-sm font-medium text-stone-800 outline-none">
          {w.add}
        </legend>
        <p className="mb-2 text-xs text-stone-600">
          {full ? w.full : w.addHint} · {count(w.count, blocks.length, { max: MAX_BLOCKS })}
        </p>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {blockTypes.map((type) => (
            <button
              key={type}
              type="button"
              onClick={() => add(type)}
              className={cn(buttonClass("secondary", "sm"), "h-10 justify-start")}
            >
              <BlockIcon type={type} />
              <span className="truncate">{w.types[type]}</span>
            </button>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
