import { CompanyPage } from '../features/companies/pages/company-page.tsx';
import { CompanyKeyPeople } from '../features/people/components/company-key-people.tsx';

/** The company page with what People Finder knows of the company (features meet here, not in each other). */
export function CompanyRoute() {
  return <CompanyPage keyPeople={(company) => <CompanyKeyPeople company={company} />} />;
}
