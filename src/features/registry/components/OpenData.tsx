import type { RegistryFacets } from '#domain/contract.ts';
import { certificateDate } from '#domain/pdf/page.ts';
import { REGISTRY_CSV, REGISTRY_JSON } from '../stores/registry.ts';
import { openDataTexts as o } from '../texts/open-data.ts';

/** The open data: the whole set as CSV and JSON, and its passport (fields, update frequency, licence). */
export default function OpenData({ facets }: { facets: RegistryFacets | null }) {
  const passport = facets?.passport;
  return (
    <section className="card registry-block" aria-labelledby="registry-open-data">
      <h2 className="detail-block__title" id="registry-open-data">
        {o.openData}
      </h2>
      <p>{o.openDataText}</p>
      <ul className="registry-downloads">
        <li>
          <a href={REGISTRY_CSV} download>
            {o.downloadCsv}
          </a>
        </li>
        <li>
          <a href={REGISTRY_JSON} download>
            {o.downloadJson}
          </a>
        </li>
      </ul>
      <h3 className="registry-passport__title">{o.passport}</h3>
      {passport ? (
        <>
          <dl className="details">
            <div className="details__item">
              <dt>{o.passportName}</dt>
              <dd>{passport.title}</dd>
            </div>
            <div className="details__item">
              <dt>{o.publisher}</dt>
              <dd>{passport.publisher}</dd>
            </div>
            <div className="details__item">
              <dt>{o.updateFrequency}</dt>
              <dd>
                {passport.updateFrequency}
                {passport.delayDays > 0 && ` ${o.delay(passport.delayDays)}`}
              </dd>
            </div>
            <div className="details__item">
              <dt>{o.updatedAt}</dt>
              <dd>{facets.updatedAt ? certificateDate(new Date(facets.updatedAt)) : o.dash}</dd>
            </div>
            <div className="details__item">
              <dt>{o.entries}</dt>
              <dd>{facets.total}</dd>
            </div>
            <div className="details__item">
              <dt>{o.licence}</dt>
              <dd>{passport.licence}</dd>
            </div>
          </dl>
          <table className="registry-fields">
            <caption className="registry-fields__caption">{o.fields}</caption>
            <thead>
              <tr>
                <th scope="col">{o.fieldName}</th>
                <th scope="col">{o.fieldTitle}</th>
                <th scope="col">{o.fieldMeaning}</th>
              </tr>
            </thead>
            <tbody>
              {passport.fields.map((field) => (
                <tr key={field.name}>
                  <th scope="row">
                    <code>{field.name}</code>
                  </th>
                  <td>{field.title}</td>
                  <td>{field.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p className="text-secondary">{o.passportUnavailable}</p>
      )}
    </section>
  );
}
