"use client";

import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { cn, focusRing } from "@/components/ui/cn";
import { Field, FieldError, Input, Select } from "@/components/ui/field";
import {
  addOption,
  blockTypes,
  duplicateBlock,
  moveOption,
  removeBlock,
  removeOption,
  toggleRequired,
  updateBlock,
  updateOption,
  type BlockType,
  type BuilderBlock,
} from "@/lib/form-builder/edits";
import { fill } from "@/lib/core/fill";
import { BlockIcon } from "./block-icon";
import { labelInputId, optionInputId } from "./ids";
import { useI18n } from "@/lib/i18n/provider";

type SortableBlockProps = {
  block: BuilderBlock;
  index: number;
  blocks: BuilderBlock[];
  onChange: (blocks: BuilderBlock[]) => void;
  onRemoved: () => void;
  /** the message of one of this block's inputs: `label`, `description`, `options`, `options.0` */
  errorOf: (part: string) => string | undefined;
  /** its fields are shown; folded, the question is one line, easy to drag past the others */
  expanded: boolean;
  onToggle: () => void;
};

const iconButton = cn("grid size-9 shrink-0 place-items-center rounded-md text-stone-600 hover:bg-stone-200/70 hover:text-stone-900 disabled:opacity-40", focusRing);

/** The stroked 20×20 icons of the block's and its options' buttons: a path, its stroke width, round caps or not. */
const ICONS = {
  duplicate: { d: "M7 7V4.5A1.5 1.5 0 018.5 3h7A1.5 1.5 0 0117 4.5v7a1.5 1.5 0 01-1.5 1.5H13M4.5 7h7A1.5 1.5 0 0113 8.5v7a1.5 1.5 0 01-1.5 1.5h-7A1.5 1.5 0 013 15.5v-7A1.5 1.5 0 014.5 7z", width: "1.6" },
  remove: { d: "M4 6h12M8 6V4h4v2M6 6l1 11h6l1-11", width: "1.6", round: true },
  up: { d: "M5 12l5-5 5 5", width: "1.8" },
  down: { d: "M5 8l5 5 5-5", width: "1.8" },
  cross: { d: "M5 5l10 10M15 5L5 15", width: "1.8", round: true },
};

/** A square icon button; `danger` turns it red under the pointer. */
function IconButton({ label, title, danger, disabled, onClick, icon }: {
  label: string;
  title?: string;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
  icon: { d: string; width: string; round?: boolean };
}) {
  return (
    <button type="button" onClick={onClick} aria-label={label} title={title} disabled={disabled} className={cn(iconButton, danger && "hover:bg-red-50 hover:text-red-700")}>
      <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth={icon.width} strokeLinecap={icon.round ? "round" : undefined} aria-hidden="true">
        <path d={icon.d} />
      </svg>
    </button>
  );
}

function focusSoon(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/** One question of the builder: its drag handle, its fields and, for a list, its choices. */
export function SortableBlock({ block, index, blocks, onChange, onRemoved, errorOf, expanded, onToggle }: SortableBlockProps) {
  const w = useI18n().t.marketplace.builder;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: block.id });
  const name = block.label.trim() || w.untitled;
  const bodyId = `block-${block.id}-fields`;

  function addChoice(after?: number) {
    let next = addOption(blocks, block.id);
    const options = next.find((b) => b.id === block.id)!.options;
    const added = options[options.length - 1]!;
    if (after !== undefined) next = moveOption(next, block.id, options.length - 1, after + 1);
    onChange(next);
    focusSoon(optionInputId(added.id));
  }

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        "relative rounded-lg border bg-white",
        isDragging ? "z-10 border-teal-600 shadow-lg" : "border-stone-200",
      )}
      data-testid="form-block"
      data-label={block.label}
    >
      <div className={cn("flex items-center gap-1 px-1.5 py-1.5", expanded && "border-b border-stone-100")}>
        <button
          ref={setActivatorNodeRef}
          type="button"
          {...attributes}
          {...listeners}
          aria-label={fill(w.drag, { label: name })}
          className={cn(iconButton, "cursor-grab touch-none active:cursor-grabbing")}
          data-testid="drag-handle"
        >
          <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
            <circle cx="7" cy="5" r="1.5" />
            <circle cx="13" cy="5" r="1.5" />
            <circle cx="7" cy="10" r="1.5" />
            <circle cx="13" cy="10" r="1.5" />
            <circle cx="7" cy="15" r="1.5" />
            <circle cx="13" cy="15" r="1.5" />
          </svg>
        </button>
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={expanded}
          aria-controls={bodyId}
          className={cn("flex min-w-0 flex-1 items-center gap-2 rounded-md px-1.5 py-1 text-left hover:bg-stone-100", focusRing)}
        >
          <svg viewBox="0 0 20 20" className={cn("size-4 shrink-0 text-stone-500 transition-transform", expanded && "rotate-90")} fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M8 5l5 5-5 5" />
          </svg>
          <span className="flex min-w-0 flex-col">
            <span className={cn("truncate text-sm font-medium", block.label.trim() ? "text-stone-900" : "text-stone-500 italic")}>{name}</span>
            <span className="text-xs text-stone-600">
              <BlockIcon type={block.type} className="mr-1 inline-block align-[-3px]" />
              {fill(w.block, { n: index + 1 })} · {w.types[block.type]}
              {block.required && <span className="font-medium text-stone-800"> · {w.requiredShort}</span>}
            </span>
          </span>
        </button>
        <IconButton
          label={fill(w.duplicateLabel, { label: name })}
          title={w.duplicate}
          disabled={blocks.length >= 20}
          onClick={() => onChange(duplicateBlock(blocks, block.id))}
          icon={ICONS.duplicate}
        />
        <IconButton
          label={fill(w.removeLabel, { label: name })}
          title={w.remove}
          danger
          onClick={() => {
            onChange(removeBlock(blocks, block.id));
            onRemoved();
          }}
          icon={ICONS.remove}
        />
      </div>

      <div id={bodyId} hidden={!expanded} className="grid gap-3 p-3 sm:grid-cols-2">
        <Field label={w.label} error={errorOf("label")} className="sm:col-span-2">
          <Input
            id={labelInputId(block.id)}
            value={block.label}
            maxLength={100}
            placeholder={w.labelPlaceholder}
            onChange={(event) => onChange(updateBlock(blocks, block.id, { label: event.target.value }))}
          />
        </Field>
        <Field label={w.type}>
          <Select value={block.type} onChange={(event) => onChange(updateBlock(blocks, block.id, { type: event.target.value as BlockType }))}>
            {blockTypes.map((type) => (
              <option key={type} value={type}>
                {w.types[type]}
              </option>
            ))}
          </Select>
        </Field>
        <label className="flex min-h-10 items-center gap-2 self-end text-sm font-medium text-stone-800">
          <input
            type="checkbox"
            checked={block.required}
            onChange={() => onChange(toggleRequired(blocks, block.id))}
            className={cn("size-5 accent-teal-700", focusRing)}
          />
          {w.required}
        </label>
        <Field label={w.description} error={errorOf("description")} className="sm:col-span-2">
          <Input
            value={block.description}
            maxLength={300}
            onChange={(event) => onChange(updateBlock(blocks, block.id, { description: event.target.value }))}
          />
        </Field>

        {block.type === "select" && (
          <fieldset className="sm:col-span-2">
            <legend className="mb-1.5 text-sm font-medium text-stone-800">{w.options}</legend>
            <ol className="flex flex-col gap-2">
              {block.options.map((option, j) => {
                const error = errorOf(`options.${j}`);
                const n = j + 1;
                return (
                  <li key={option.id} className="flex flex-col gap-1">
                    <div className="flex items-center gap-1">
                      <Input
                        id={optionInputId(option.id)}
                        aria-label={fill(w.option, { n })}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${optionInputId(option.id)}-error` : undefined}
                        value={option.value}
                        maxLength={100}
                        onChange={(event) => onChange(updateOption(blocks, block.id, option.id, event.target.value))}
                        onKeyDown={(event) => {
                          if (event.key !== "Enter") return;
                          event.preventDefault(); // Enter adds the next choice instead of submitting
                          addChoice(j);
                        }}
                      />
                      <IconButton
                        label={fill(w.moveOptionUp, { n })}
                        disabled={j === 0}
                        onClick={() => onChange(moveOption(blocks, block.id, j, j - 1))}
                        icon={ICONS.up}
                      />
                      <IconButton
                        label={fill(w.moveOptionDown, { n })}
                        disabled={j === block.options.length - 1}
                        onClick={() => onChange(moveOption(blocks, block.id, j, j + 1))}
                        icon={ICONS.down}
                      />
                      <IconButton
                        label={fill(w.removeOption, { n })}
                        danger
                        onClick={() => {
                          onChange(removeOption(blocks, block.id, option.id));
                          const neighbour = block.options[j + 1] ?? block.options[j - 1];
                          if (neighbour) focusSoon(optionInputId(neighbour.id));
                        }}
                        icon={ICONS.cross}
                      />
                    </div>
                    <FieldError id={`${optionInputId(option.id)}-error`}>{error}</FieldError>
                  </li>
                );
              })}
            </ol>
            {errorOf("options") && <p className="mt-1 text-sm text-red-700">{errorOf("options")}</p>}
            <button type="button" onClick={() => addChoice()} className={cn("mt-2 rounded text-sm font-medium text-teal-800 underline-offset-2 hover:underline", focusRing)}>
              + {w.addOption}
            </button>
          </fieldset>
        )}
      </div>
    </li>
  );
}
