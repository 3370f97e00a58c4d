/** RFP responses (issue 9): being built. */
export function RfpProjectsPage() {
  return <h1 className="text-2xl font-semibold">RFP responses</h1>;
}
