/**
 * What other features use of the knowledge base (DESIGN.md: a feature calls another only through its
 * service.ts): Sales Q&A asks it, RFP drafts and generated documents answer and cite from it.
 */
/** The demo library arrives on the first use of anything that answers from the knowledge base. */

export { answerFromKnowledge, askKnowledge, type KnowledgeAnswer, snippetOf } from './chat.ts';
export { ensureDemoLibrary } from './demo.ts';
/** The key an organisation's entity is merged under (buyer intent matches company names by it). */
export { organizationKey } from './entities.ts';
export { type RetrievedPassage, retrievePassages } from './retrieval.ts';
