import { DocumentTitle } from '../../components/document-title.tsx';
import { MyProfile } from '../../features/profile/components/my-profile.tsx';

export default function MyProfileRoute() {
  return (
    <>
      <DocumentTitle title="My Profile" />
      <MyProfile />
    </>
  );
}
