import { useSearchParams } from 'react-router-dom';
import { MaterialList } from './MaterialList';
import { MaterialPage } from './MaterialPage';

/**
 * `methodical_cabinet` (spec §2, flag `methodical-cabinet`): the list of materials, or one
 * material when the address carries `?material={id}` — one route, as the spec names it; the
 * methodist's editor opens inside the page.
 */
export default function MethodicalCabinet() {
  const [params] = useSearchParams();
  const id = Number(params.get('material'));
  return Number.isInteger(id) && id > 0 ? <MaterialPage id={id} /> : <MaterialList />;
}
