import { Link } from 'react-router';
import { LegalDocument } from '../components/legal-document.tsx';
import { StorageKeyList } from '../components/storage-key-list.tsx';

/** The session cookie set by the auth library (Better Auth); `__Secure-` is prefixed when served over HTTPS. */
const SESSION_COOKIE_NAME = 'better-auth.session_token';

/** What a Prospector installation stores, who is responsible for it, and the user's choices. */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy policy"
      lead="Prospector is open-source software that an organisation installs and runs on its own servers. This policy explains what an installation stores about you, why, and who is responsible for it."
    >
      <h2 id="controller">Who is responsible for your data</h2>
      <p>
        The <strong>operator of this installation</strong>, the organisation or person that set up and runs
        this copy of Prospector, is the controller of the personal data it holds. They decide who may sign up,
        where the server runs, how long data is kept and which optional services are connected. The authors of
        the open-source software do not receive, host or have access to the data of any installation.
      </p>
      <p>
        Questions, access requests and deletion requests go to the operator. See{' '}
        <Link to="/contact">Contact</Link> for how to reach them.
      </p>

      <h2 id="what-we-store">What is stored</h2>
      <p>An installation stores, in its own PostgreSQL database:</p>
      <ul>
        <li>
          <strong>Your account:</strong> your e-mail address and username, and your password as a one-way hash
          (argon2id). The password itself is never stored.
        </li>
        <li>
          <strong>Sessions:</strong> one record per signed-in browser, with its expiry, so you stay signed in
          and can be signed out.
        </li>
        <li>
          <strong>Your profile and ideal customer profile:</strong> onboarding status and the customer
          segments you describe.
        </li>
        <li>
          <strong>Prospects:</strong> the companies and people you save, with the notes, forecasts and deal
          information you add.
        </li>
        <li>
          <strong>Uploaded documents and the knowledge graph:</strong> the files you upload, the text
          extracted from them, the passages they are split into, and the companies, people and topics found in
          them and the links between those.
        </li>
        <li>
          <strong>Credit ledger:</strong> your credit balance and every deduction, purchase and plan change.
        </li>
        <li>
          <strong>Audit logs:</strong> security-relevant events such as sign-ins and changes to your data,
          with time, account and request details.
        </li>
      </ul>
      <p>
        Business contact data you find with the agents (names, job titles, work e-mail addresses and phone
        numbers of people at other companies) is personal data too. If you contact those people, you are
        responsible for doing so lawfully.
      </p>
      <p id="remove-me">
        If you are one of the people users can find here and want to be removed,{' '}
        <Link to="/privacy/remove-me">ask for it on this page</Link>: a link mailed to your work address
        confirms the request, and you then stay removed when the data is updated.
      </p>

      <h2 id="why">Why it is stored</h2>
      <ul>
        <li>To provide the service you signed up for: search, agents, the knowledge base and documents.</li>
        <li>To keep your account secure and to investigate misuse (sessions and audit logs).</li>
        <li>To account for credits correctly (the credit ledger).</li>
      </ul>
      <p>
        Your data is not sold, not used for advertising and not shared with other users of the installation.
      </p>

      <h2 id="ai">AI processing</h2>
      <p>
        By default, Prospector uses its <strong>built-in engine</strong>, which runs entirely on the
        installation&apos;s own server: your questions and documents are not sent anywhere else.
      </p>
      <p>
        If the operator connects an <strong>OpenAI-compatible endpoint</strong> (for example OpenAI, Azure, or
        a self-hosted model server such as Ollama or vLLM), the prompts the agents build, which can include
        your question and passages from your documents or saved records, are sent to that endpoint to generate
        an answer. What the provider does with them is governed by the operator&apos;s agreement with that
        provider. Ask the operator which endpoint, if any, is configured.
      </p>

      <h2 id="cookies">Cookies and browser storage</h2>
      <p>
        Prospector uses <strong>no third-party trackers, analytics or advertising cookies</strong>. It sets
        one cookie, the session cookie <code>{SESSION_COOKIE_NAME}</code>, which keeps you signed in, and
        keeps a few preferences and working state in your browser&apos;s local storage. The{' '}
        <Link to="/cookies">Cookies page</Link> lists each of them and what it is for.
      </p>

      <h2 id="retention">Retention</h2>
      <p>
        Account data, prospects, documents and the knowledge graph are kept while your account exists.
        Sessions end when you log out or when they expire. The credit ledger and audit logs are kept for as
        long as the operator needs them for accounting and security, and the operator sets that period.
        Backups follow the operator&apos;s own backup schedule.
      </p>

      <h2 id="deletion">Deleting your data</h2>
      <p>
        You can delete documents and saved prospects yourself at any time; deleting a document also removes
        its passages and its contribution to the knowledge graph. To delete your whole account, ask the
        operator. Logging out removes the sign-in data and working state this site keeps in your browser.
      </p>

      <h2 id="rights">Your rights</h2>
      <p>
        Depending on where you and the operator are, you may have the right to access, correct, export or
        delete your personal data and to object to its processing. Send such requests to the operator, who is
        responsible for answering them.
      </p>

      <h2 id="security">Security</h2>
      <p>
        Passwords are stored only as salted argon2id hashes, the session cookie cannot be read by scripts
        (httpOnly), and PostgreSQL row-level security keeps each user&apos;s rows apart even if a query were
        to forget a filter. How the server, network and backups are secured is up to the operator.
      </p>

      <h2 id="changes">Changes to this policy</h2>
      <p>
        When this policy changes, the date at the top changes with it. The operator may add terms specific to
        this installation.
      </p>
    </LegalDocument>
  );
}

/** The terms for using a Prospector installation. */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of use"
      lead="These terms apply to your use of this Prospector installation. The operator who runs it may add to them; where they do, their terms take precedence for this installation."
    >
      <h2 id="who">Who provides the service</h2>
      <p>
        Prospector is open-source software. This installation is provided by its operator, not by the authors
        of the software. Your agreement for using it, including any price you pay, is with the operator.
      </p>

      <h2 id="software">The software</h2>
      <p>
        The Prospector source code is published under the MIT licence. It is provided &quot;as is&quot;,
        without warranty of any kind; the licence text sets out the details. Nothing in these terms limits the
        rights the licence gives you over the code itself.
      </p>

      <h2 id="account">Your account</h2>
      <ul>
        <li>Give a real e-mail address and keep your password to yourself.</li>
        <li>You are responsible for what happens under your account. Log out on shared devices.</li>
        <li>Tell the operator straight away if you think someone else has used your account.</li>
      </ul>

      <h2 id="acceptable-use">Acceptable use</h2>
      <ul>
        <li>
          Use contact data found with the agents lawfully: respect data-protection and anti-spam laws, honour
          opt-outs, and contact people only for legitimate business reasons.
        </li>
        <li>Upload only documents you are allowed to share with this installation.</li>
        <li>
          Do not try to reach other users&apos; data, get around credit or rate limits, or disrupt the
          service.
        </li>
      </ul>

      <h2 id="content">Your content</h2>
      <p>
        Documents, notes and records you add remain yours. You allow the installation to store and process
        them to provide the service to you, including building the knowledge graph and, if the operator has
        configured one, sending prompts to an AI endpoint as described in the{' '}
        <Link to="/privacy">Privacy policy</Link>.
      </p>

      <h2 id="ai-output">AI output</h2>
      <p>
        Agents can be wrong. Answers show their sources so you can check them, and missing information is
        listed rather than invented, but you are responsible for reviewing anything before you send it to a
        customer or rely on it.
      </p>

      <h2 id="credits">Plans and credits</h2>
      <p>
        Some activities use credits. Credits are an accounting unit of this installation, have no cash value
        and cannot be transferred. Plans, prices, credit amounts and any refunds are set by the operator; the
        pricing pages describe the defaults.
      </p>

      <h2 id="availability">Availability and changes</h2>
      <p>
        The operator runs the service and decides on maintenance, upgrades and availability. Features may
        change as new versions of the software are installed.
      </p>

      <h2 id="ending">Ending your use</h2>
      <p>
        You can stop using the service at any time and ask the operator to delete your account. The operator
        may suspend accounts that break these terms.
      </p>

      <h2 id="contact">Questions</h2>
      <p>
        Questions about these terms go to the operator of this installation; see{' '}
        <Link to="/contact">Contact</Link>.
      </p>
    </LegalDocument>
  );
}

/** The one cookie and the local-storage keys the app uses. */
export function CookiesPage() {
  return (
    <LegalDocument
      title="Cookies and local storage"
      lead="Prospector keeps you signed in with a single session cookie and remembers a few preferences in your browser. There are no third-party trackers, analytics cookies or advertising cookies."
    >
      <h2 id="cookie">The session cookie</h2>
      <p>
        When you sign in, the authentication library sets one cookie, <code>{SESSION_COOKIE_NAME}</code>{' '}
        (named <code>__Secure-{SESSION_COOKIE_NAME}</code> when the site is served over HTTPS). It identifies
        your session to the server, which is how every request you make is authorised.
      </p>
      <ul>
        <li>
          <strong>httpOnly:</strong> scripts in the page cannot read it, which protects it from cross-site
          scripting.
        </li>
        <li>
          <strong>SameSite=Lax:</strong> the browser does not send it with requests started by other sites,
          which protects against cross-site request forgery.
        </li>
        <li>
          <strong>Lifetime:</strong> it lasts until you log out or the session expires, as configured by the
          operator.
        </li>
      </ul>
      <p>
        This cookie is strictly necessary to sign in, so there is no consent banner for it. The public pages
        set no cookies at all.
      </p>

      <h2 id="local-storage">Local storage</h2>
      <p>
        The app keeps the following entries in your browser&apos;s local storage. They never leave your device
        on their own and are not shared with anyone; logging out clears them.
      </p>
      <StorageKeyList />

      <h2 id="control">Your control</h2>
      <p>
        You can delete cookies and site data in your browser settings at any time. Deleting the session cookie
        signs you out; deleting local storage resets your preferences, such as the theme.
      </p>
      <p>
        For what the server stores, see the <Link to="/privacy">Privacy policy</Link>.
      </p>
    </LegalDocument>
  );
}
