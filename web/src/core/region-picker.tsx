import { useSearchParams } from 'react-router';
import { T } from './texts';

const R = T.regionPicker;

/** A province and one of its districts ('' for all). */
export type RegionChoice = { provinsi: string; kabupaten: string };

/** The region in words: "district, province", the province, or the whole country. */
export const regionName = (r: RegionChoice) => (r.kabupaten ? `${r.kabupaten}, ${r.provinsi}` : r.provinsi || R.wholeCountry);

/**
 * The page's choices kept in the URL (a link, Back and a reload keep them): the region read from
 * it (a district only under a province), and a setter of any of its values ('' removes one).
 */
export function useUrlChoices(): { params: URLSearchParams; region: RegionChoice; set: (values: Record<string, string>) => void } {
  const [params, setParams] = useSearchParams();
  const provinsi = params.get('provinsi') ?? '';
  const kabupaten = provinsi ? (params.get('kabupaten') ?? '') : '';
  const set = (values: Record<string, string>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(values)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      return next;
    });
  return { params, region: { provinsi, kabupaten }, set };
}

/**
 * The province and district choosers (fields of the caller's form). A name chosen that the lists
 * lack (an old link, a list still loading) stays in them; the district waits for a province.
 */
export function RegionFields({
  region,
  provinces,
  districts,
  onChange,
}: {
  region: RegionChoice;
  provinces: string[];
  districts: string[];
  onChange: (r: RegionChoice) => void;
}) {
  const withChosen = (names: string[], chosen: string) => (chosen && !names.includes(chosen) ? [...names, chosen] : names);
  return (
    <>
      <div className="field">
        <label htmlFor="f-provinsi">{R.provinsi}</label>
        <select id="f-provinsi" value={region.provinsi} onChange={(e) => onChange({ provinsi: e.target.value, kabupaten: '' })}>
          <option value="">{R.allProvinces}</option>
          {withChosen(provinces, region.provinsi).map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="f-kabupaten">{R.kabupaten}</label>
        <select
          id="f-kabupaten"
          value={region.kabupaten}
          disabled={!region.provinsi}
          aria-describedby={region.provinsi ? undefined : 'f-kabupaten-hint'}
          onChange={(e) => onChange({ provinsi: region.provinsi, kabupaten: e.target.value })}
        >
          <option value="">{R.allKabupaten}</option>
          {withChosen(districts, region.kabupaten).map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
        {!region.provinsi && (
          <small id="f-kabupaten-hint" className="hint">
            {R.kabupatenHint}
          </small>
        )}
      </div>
    </>
  );
}
