/** RFP editor (issue 9): being built. */
export function RfpEditorPage() {
  return <h1 className="text-2xl font-semibold">RFP editor</h1>;
}
