/** Document generation (issue 9): being built. */
export function DocumentGenerationPage() {
  return <h1 className="text-2xl font-semibold">Document generation</h1>;
}
