/**
 * The CMS Content Blocks tab (/cms/blocks; SPEC.md sections 2 and 7): the blocks of each
 * type as a list in the order the public pages show them, with where that is, each block a card
 * with add, edit (a form of its type's fields) and delete, and reordering by drag, keyboard or
 * buttons. The action lives in blocks.server.ts; the cards and forms in components/cms/.
 */
import { useLoaderData } from "react-router";
import { useCan } from "~/components/cms/layout/cms-layout-data";
import { NewBlockForm } from "~/components/cms/blocks/block-card";
import { SortableBlockList } from "~/components/cms/blocks/sortable-block-list";
import { CardListTab } from "~/components/cms/kit/card-list";
import { BLOCK_TYPE_ORDER } from "~/lib/blocks/block-placements";
import { requirePermission } from "~/server/auth/guards.server";
import type { Route } from "./+types/blocks";
import { blocksAction, blocksView } from "./blocks.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "blocks.view");
  return blocksView();
}

export function action({ request }: Route.ActionArgs) {
  return blocksAction(request);
}

export default function ContentBlocksTab() {
  const { blocks, error } = useLoaderData<typeof loader>();
  // Support sees the blocks read-only: no add form, no edit, delete or reordering.
  const canEdit = useCan("blocks.edit");
  return (
    <CardListTab
      title="Content Blocks"
      addLabel="Add Block"
      renderAddForm={canEdit ? (close) => <NewBlockForm onDone={close} /> : undefined}
      error={error}
      count={blocks.length}
      emptyMessage="No content blocks yet. Add your first block."
      listLabel="Content blocks"
    >
      {BLOCK_TYPE_ORDER.map((blockType) => {
        const ofType = blocks.filter((block) => block.blockType === blockType);
        return ofType.length > 0 ? (
          <li key={blockType}>
            <SortableBlockList blockType={blockType} blocks={ofType} />
          </li>
        ) : null;
      })}
    </CardListTab>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Content Blocks | CMS" }];
