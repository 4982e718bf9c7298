import type { LegalPage, LegalSection } from "~/content/legal";

/** One legal page (privacy, terms, cookies): the same template for all three (SPEC.md "Legal pages"). */
export function LegalPageView({ page, lastUpdatedText }: { page: LegalPage; lastUpdatedText: string }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <header className="border-b pb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{page.title}</h1>
        <p className="mt-3 text-sm text-muted-foreground">
          Last updated <time dateTime={page.lastUpdated}>{lastUpdatedText}</time>
        </p>
        <p className="mt-6 text-lg leading-8">{page.intro}</p>
      </header>
      {page.sections.map((section) => (
        <Section key={section.heading} section={section} />
      ))}
    </article>
  );
}

function Section({ section }: { section: LegalSection }) {
  return (
    <section className="mt-10">
      <h2 className="text-xl font-semibold">{section.heading}</h2>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph} className="mt-4 leading-7">
          {paragraph}
        </p>
      ))}
      {section.list ? (
        <ul className="mt-4 list-disc space-y-2 pl-6 leading-7">
          {section.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
      {section.table ? (
        <div className="relative mt-6 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="mb-2 text-left font-medium">{section.table.caption}</caption>
            <thead>
              <tr>
                {section.table.columns.map((column) => (
                  <th key={column} scope="col" className="border-b px-3 py-2 font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {section.table.rows.map((row) => (
                <tr key={row.join("|")} className="border-b align-top">
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row" className="px-3 py-2 font-mono text-xs font-medium">
                        {cell}
                      </th>
                    ) : (
                      <td key={index} className="px-3 py-2">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
