/**
 * The built-in AI engine (DESIGN.md "AI"): offline and deterministic, no key and no server. Its lexicon is the
 * filter vocabulary of our company data and a gazetteer of its company names, built once and rebuilt when the
 * vocabulary changes (new data loaded).
 */
import { COMPANY_SIZES, INDUSTRY_NAMES } from '../../../shared/companies.ts';
import { type FilterVocabulary, KNOWN_COUNTRIES } from '../../../shared/filter-validator.ts';
import type { AiEngine } from '../port.ts';
import { composeAnswer } from './answer.ts';
import type { Lexicon } from './entities.ts';
import { createGazetteer } from './gazetteer.ts';
import { understand } from './understand.ts';

export type EngineKnowledge = {
  vocabulary(): Promise<FilterVocabulary>;
  companyNames(): Promise<readonly string[]>;
};

export function createBuiltinEngine(knowledge: EngineKnowledge): AiEngine {
  let built: { vocabulary: FilterVocabulary; lexicon: Promise<Lexicon> } | null = null;

  async function lexicon(): Promise<Lexicon> {
    const vocabulary = await knowledge.vocabulary();
    if (built?.vocabulary !== vocabulary) {
      // Words are recognised beyond our data: "in Israel" is a place and "50-200 employees" a size even where no
      // company has them; the validator then says that nothing matches instead of the words going unnoticed.
      const recognised = {
        ...vocabulary,
        industries: [...new Set([...vocabulary.industries, ...INDUSTRY_NAMES])],
        sizes: [...new Set([...vocabulary.sizes, ...COMPANY_SIZES])],
        countries: [...new Set([...vocabulary.countries, ...KNOWN_COUNTRIES])],
      };
      const lexicon = knowledge
        .companyNames()
        .then((names) => ({ vocabulary: recognised, gazetteer: createGazetteer(names) }));
      // A failed read is not kept: the next request builds again.
      lexicon.catch(() => {
        if (built?.lexicon === lexicon) built = null;
      });
      built = { vocabulary, lexicon };
    }
    return built.lexicon;
  }

  return {
    provider: 'builtin',
    async analyze(query, context) {
      return understand(query, await lexicon(), context.today ?? new Date());
    },
    async answer(question, passages, _history, options) {
      return composeAnswer(question, passages, options?.weights);
    },
    // The filled template is the document: every fact in it is quoted and cited already.
    async writeDocument(request) {
      return { markdown: request.draft, rewritten: false };
    },
  };
}
