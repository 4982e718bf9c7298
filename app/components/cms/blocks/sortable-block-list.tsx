/**
 * One block type's list in the CMS, in the order its pages show it, reordered by drag (pointer),
 * by keyboard (focus a handle, Space to lift, arrows to move, Space to drop, Escape to cancel, with
 * dnd-kit's screen-reader announcements) or with each card's Move up and Move down buttons. Every
 * change is saved at once (intent "reorder"); the list shows the new order while it is sent, and
 * the stored one again if it was refused.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useMemo } from "react";
import { useFetcher } from "react-router";
import { BlockCard, type BlockItem } from "~/components/cms/blocks/block-card";
import { useCan } from "~/components/cms/layout/cms-layout-data";
import { useCsrfToken } from "~/components/cms/kit/csrf-input";
import { BLOCK_PLACEMENTS } from "~/lib/blocks/block-placements";
import type { BlockType } from "~/lib/enums";

export function SortableBlockList({ blockType, blocks }: { blockType: BlockType; blocks: readonly BlockItem[] }) {
  const placement = BLOCK_PLACEMENTS[blockType];
  const canEdit = useCan("blocks.edit");
  const fetcher = useFetcher();
  const csrf = useCsrfToken();
  // While a new order is on its way (and the list reloads after it), show it; then the loader's.
  const sending = fetcher.formData?.get("order");
  const order = typeof sending === "string" ? sending.split(",") : blocks.map((block) => block.id);

  const byId = useMemo(() => new Map(blocks.map((block) => [block.id, block])), [blocks]);
  const items = order.map((id) => byId.get(id)).filter((block) => block !== undefined);
  const nameOf = (id: string | number) => byId.get(String(id))?.name ?? "the block";
  const positionOf = (id: string | number) => order.indexOf(String(id)) + 1;

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const save = (next: string[]) => {
    void fetcher.submit({ csrf, intent: "reorder", blockType, order: next.join(",") }, { method: "post" });
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    save(arrayMove(order, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(order.indexOf(String(active.id)), order.indexOf(String(over.id)));
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${order.length}.`,
    // Over its own place (as every drag starts) says nothing, so "Picked up" is what is heard.
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id
        ? `${nameOf(active.id)} is over position ${positionOf(over.id)} of ${order.length}.`
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${order.length}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled; it stays where it was.`,
  };

  const headingId = `blocks-${blockType}-heading`;
  const heading = (
    <div>
      <h3 id={headingId} className="font-semibold">
        {placement.heading}
      </h3>
      <p className="text-sm text-muted-foreground">Shown on: {placement.shownOn}</p>
    </div>
  );
  if (!canEdit) {
    // A read-only role: the blocks in their order, without the handles and forms.
    return (
      <section aria-labelledby={headingId} className="grid gap-3">
        {heading}
        <ol className="grid gap-4" aria-label={placement.heading}>
          {blocks.map((block) => (
            <li key={block.id} className="rounded-lg border bg-card p-4" data-block-id={block.id}>
              <BlockCard block={block} />
            </li>
          ))}
        </ol>
      </section>
    );
  }
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      {heading}
      <DndContext
        id={`blocks-${blockType}`}
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              "To move a block, press Space or Enter, then the up and down arrow keys; press Space or Enter again to drop it there, or Escape to cancel.",
          },
        }}
      >
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <ol className="grid gap-4" aria-label={placement.heading}>
            {items.map((block, index) => (
              <SortableBlock
                key={block.id}
                block={block}
                position={index}
                count={items.length}
                busy={fetcher.state !== "idle"}
                onMove={(by) => move(index, index + by)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </section>
  );
}

function SortableBlock({
  block,
  position,
  count,
  busy,
  onMove,
}: {
  block: BlockItem;
  position: number;
  count: number;
  busy: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: block.id,
  });
  // The handle is a <button> already: dnd-kit's role="button" would only repeat it.
  const { role: _role, ...handleAttributes } = attributes;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`rounded-lg border bg-card p-4 ${isDragging ? "relative z-10 shadow-lg" : ""}`}
      data-block-id={block.id}
    >
      <BlockCard
        block={block}
        order={{
          position,
          count,
          busy,
          onMove,
          handle: { ref: setActivatorNodeRef, ...handleAttributes, ...listeners },
        }}
      />
    </li>
  );
}
