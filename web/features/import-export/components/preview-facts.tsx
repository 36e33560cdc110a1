/** A line of short facts about a file (encoding, delimiter, rows...). */
export function PreviewFacts({ facts }: { facts: [term: string, value: string][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:flex sm:flex-wrap sm:gap-x-6">
      {facts.map(([term, value]) => (
        <div key={term} className="contents sm:flex sm:gap-2">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
