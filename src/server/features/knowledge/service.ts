/**
 * What other features use of the knowledge base (DESIGN.md: a feature calls another only through its
 * service.ts): Sales Q&A asks it, RFP drafts and generated documents answer and cite from it.
 */
export { answerFromKnowledge, askKnowledge, type KnowledgeAnswer, snippetOf } from './chat.ts';
export { type RetrievedPassage, retrievePassages } from './retrieval.ts';
