import { DocumentTitle } from '../../components/document-title.tsx';
import { MyProfile } from '../../features/profile/components/my-profile.tsx';
import { TaxExemptionSection } from '../../features/tax-exemptions/components/tax-exemption-section.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function MyProfileRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.dashboard.title} />
      <MyProfile>
        <TaxExemptionSection />
      </MyProfile>
    </>
  );
}
