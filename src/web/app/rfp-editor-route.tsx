import { RfpEditorPage } from '../features/rfp/pages/rfp-editor-page.tsx';
import { useWorkflow } from '../features/workflow/workflow-provider.tsx';

/** The RFP editor telling the shared workflow which RFP is open (features meet here, not in each other). */
export function RfpEditorRoute() {
  const { recordRfp } = useWorkflow();
  return <RfpEditorPage onProjectOpen={recordRfp} />;
}
