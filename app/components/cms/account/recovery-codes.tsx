/** The ten recovery codes, shown once right after they are made: only their hashes are kept. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  return (
    <div role="status" className="mt-4 rounded-md border border-primary/50 bg-primary/5 p-4">
      <h3 className="text-base font-semibold">Your recovery codes</h3>
      <p className="mt-1 text-sm">
        Each code signs you in once if you lose your phone. Save or print them now: they will not be shown again.
      </p>
      <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}
