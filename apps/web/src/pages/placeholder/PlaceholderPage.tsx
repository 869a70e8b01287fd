import { useLocation } from 'react-router';
import { firstSegment } from '../../app/auth/urls.ts';
import { UnderConstruction } from '../../components/UnderConstruction.tsx';

/** Routes of the spec that later issues build (forget, register, micro, studio, …). */
export function Component() {
  const { pathname } = useLocation();
  return <UnderConstruction title={firstSegment(pathname)} />;
}
