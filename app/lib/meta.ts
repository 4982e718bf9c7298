/** The <title> and description of a page; every public route's meta function goes through here. */
export function pageMeta({ title, description }: { title: string; description?: string }) {
  return [{ title }, ...(description ? [{ name: "description", content: description }] : [])];
}
