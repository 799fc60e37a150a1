import { PlansCatalog } from '../../pages/PlansPage.tsx';

/** Assinatura › Planos: the subscription state and the plans for sale, inside the shell. */
export default function PlanosScreen() {
  return <PlansCatalog />;
}
