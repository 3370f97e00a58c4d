/** Spec 1 §3 'Local storage keys used by the app', each with the reason it exists. */
const BROWSER_STORAGE_KEYS: readonly { key: string; purpose: string }[] = [
  { key: 'user', purpose: 'Your user name, e-mail address and user id, to show who is signed in.' },
  {
    key: 'userProfile',
    purpose:
      'A copy of your profile and ideal customer profile, so pages can start before the server answers.',
  },
  { key: 'chatSessions', purpose: 'The list of your assistant conversations, so you can return to them.' },
  { key: 'currentChatSession', purpose: 'Which assistant conversation you had open last.' },
  {
    key: 'accessToken',
    purpose:
      'A sign-in marker the interface reads to decide whether to show the signed-in app. It is not what authorises requests: the httpOnly session cookie does that.',
  },
  { key: 'userSession', purpose: 'Sign-in state kept for the interface, alongside accessToken.' },
  { key: 'selectedBoardId', purpose: 'The sales project board you selected last.' },
  { key: 'selectedBoardName', purpose: 'The name of that board, to show it without a round trip.' },
  { key: 'todo', purpose: 'Your personal to-do items.' },
  { key: 'urlTag', purpose: 'A short tag of the page an agent handed you to, so you can go back to it.' },
  {
    key: 'userRoles',
    purpose: 'Roles cached for the interface. What you may do is always decided by the server.',
  },
  {
    key: 'agent_workflow_state',
    purpose: 'Where you are in a multi-step agent workflow, so a page reload does not lose your progress.',
  },
  { key: 'recent_queries', purpose: 'Your recent searches, offered again as suggestions.' },
  {
    key: 'sidebar-store',
    purpose: 'Whether the sidebar is open or collapsed and your display preferences (theme, compact mode).',
  },
  { key: 'theme', purpose: 'Whether you chose the light or the dark theme.' },
  {
    key: 'credits-alert-dismissed',
    purpose:
      'That you closed the credit usage alert, so it stays closed until the next alert or billing cycle.',
  },
  {
    key: 'company-research-columns',
    purpose: 'Which columns you chose to show in the company research table.',
  },
  {
    key: 'people-research-columns',
    purpose: 'Which columns you chose to show in the people research table.',
  },
];

/** The local-storage keys the app uses and why (spec 1 §3), as shown on the privacy and cookies pages. */
export function StorageKeyList() {
  return (
    <dl className="mt-6 divide-y rounded-xl border text-sm">
      {BROWSER_STORAGE_KEYS.map((entry) => (
        <div key={entry.key} className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
          <dt>
            <code>{entry.key}</code>
          </dt>
          <dd className="text-muted-foreground">{entry.purpose}</dd>
        </div>
      ))}
    </dl>
  );
}
