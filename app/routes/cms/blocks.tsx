/**
 * The CMS Content Blocks tab (/cms/blocks; SPEC.md sections 2 and 7): every block by name as a
 * card, with add, edit (content data as JSON checked for its type) and delete. The action lives in
 * blocks.server.ts; the cards and forms in components/cms/block-card.tsx.
 */
import { useLoaderData } from "react-router";
import { BlockCard, NewBlockForm } from "~/components/cms/block-card";
import { CardListTab } from "~/components/cms/card-list";
import { requireAdmin } from "~/server/auth/guards.server";
import type { Route } from "./+types/blocks";
import { blocksAction, blocksView } from "./blocks.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return blocksView();
}

export function action({ request }: Route.ActionArgs) {
  return blocksAction(request);
}

export default function ContentBlocksTab() {
  const { blocks, error } = useLoaderData<typeof loader>();
  return (
    <CardListTab
      title="Content Blocks"
      addLabel="Add Block"
      renderAddForm={(close) => <NewBlockForm onDone={close} />}
      error={error}
      count={blocks.length}
      emptyMessage="No content blocks yet. Add your first block."
      listLabel="Content blocks"
    >
      {blocks.map((block) => (
        <BlockCard key={block.id} block={block} />
      ))}
    </CardListTab>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Content Blocks | CMS" }];
