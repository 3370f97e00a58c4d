/** Sales Q&A (issue 9): being built. */
export function SalesAnswersPage() {
  return <h1 className="text-2xl font-semibold">Sales Q&A</h1>;
}
