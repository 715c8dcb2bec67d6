import { routes } from '#domain/routes.ts';
import { useStore } from '#stores/prerendered.ts';
import DestructionActs from '../personal-data/DestructionActs.tsx';
import PersonalDataAccessLog from '../personal-data/PersonalDataAccessLog.tsx';
import PersonalDataTemplates from '../personal-data/PersonalDataTemplates.tsx';
import SubjectRequests from '../personal-data/SubjectRequests.tsx';
import PendingRegistrations from '../registration/PendingRegistrations.tsx';
import AdminList from './components/AdminList.tsx';
import CalendarSection from './components/CalendarSection.tsx';
import HeadOnly from './components/HeadOnly.tsx';
import ReviewBodiesSection from './components/ReviewBodiesSection.tsx';
import { $adminSection, ADMIN_SECTIONS } from './stores/access.ts';
import { CATALOG_KINDS, catalogLists, examinersList, templatesList } from './stores/sections.ts';
import { adminTexts as t } from './texts.ts';

// The committee's administration at /instance/admin (docs/product.md «Administration»): the committee's head only.

/** The sections' links: one line that wraps on a narrow screen; the current one marked. */
function SectionNav() {
  const current = useStore($adminSection);
  return (
    <nav className="admin-sections" aria-label={t.sectionsLabel}>
      <ul>
        {ADMIN_SECTIONS.map((section) => (
          <li key={section}>
            <a href={routes.examinerAdmin(section)} aria-current={section === current ? 'true' : undefined}>
              {t.sections[section]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The section the address names. */
function CurrentSection() {
  const section = useStore($adminSection);
  if (section === 'catalogs') {
    return (
      <section aria-labelledby="catalogs-title">
        <h2 id="catalogs-title">{t.sections.catalogs}</h2>
        {CATALOG_KINDS.map((kind) => (
          <AdminList key={kind} list={catalogLists[kind]} level={3} />
        ))}
      </section>
    );
  }
  if (section === 'templates') return <AdminList list={templatesList} />;
  if (section === 'calendar') return <CalendarSection />;
  if (section === 'registrations') return <PendingRegistrations />;
  if (section === 'personal-data') return <PersonalDataTemplates />;
  if (section === 'review-bodies') return <ReviewBodiesSection />;
  if (section === 'personal-data-access') return <PersonalDataAccessLog />;
  if (section === 'subject-requests') return <SubjectRequests />;
  if (section === 'destruction-acts') return <DestructionActs />;
  return <AdminList list={examinersList} />;
}

/** /instance/admin: examiners, catalogues, remark templates and the production calendar, one section at a time. */
export default function AdminScreen() {
  return (
    <HeadOnly>
      <div className="page-header">
        <h1>{t.pageTitle}</h1>
        <a href={routes.examinerAdminLog}>{t.logLink}</a>
      </div>
      <p className="text-secondary">{t.intro}</p>
      <SectionNav />
      <CurrentSection />
    </HeadOnly>
  );
}
