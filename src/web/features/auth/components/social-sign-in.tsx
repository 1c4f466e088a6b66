import { socialProviderNotConfiguredMessage } from '../../../../shared/auth.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useStartSocialSignIn } from '../api/start-social-sign-in.ts';

interface SocialSignInProps {
  /** The shop page to land on once signed in. */
  next: string;
  /** A new attempt starts: the page clears its earlier failure. */
  onStart: () => void;
  onFailure: (message: string) => void;
}

interface ProviderButton {
  id: string;
  text: string;
  /** Says which provider is missing when it is not configured. */
  label: string;
  configured: boolean;
}

const INVALID_REDIRECT_MESSAGE = 'The sign-in service sent an unexpected answer. Please try again.';

/** Only web addresses: the answer is followed blindly otherwise. */
function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url, window.location.href);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Google and Facebook (spec section 2), plus the deployment's OpenID provider when it has one. */
export function SocialSignIn({ next, onStart, onFailure }: SocialSignInProps) {
  const config = usePublicConfig();
  const start = useStartSocialSignIn();
  // The login page is server-rendered: a click before it is live would be lost.
  const hydrated = useHydrated();
  const social = config.data?.socialProviders;
  const openId = config.data?.openIdProvider;

  const providers: ProviderButton[] = [
    { id: 'google', text: 'Google', label: 'Google', configured: social?.google ?? false },
    { id: 'facebook', text: 'Facebook', label: 'Facebook', configured: social?.facebook ?? false },
  ];
  if (openId) {
    providers.push({
      id: openId.id,
      text: `Continue with ${openId.name}`,
      label: openId.name,
      configured: true,
    });
  }

  const signInWith = (provider: ProviderButton) => {
    onStart();
    if (!provider.configured) {
      onFailure(socialProviderNotConfiguredMessage(provider.label));
      return;
    }
    start.mutate(
      { provider: provider.id, next },
      {
        onSuccess: ({ url }) => {
          if (isWebUrl(url)) window.location.assign(url);
          else onFailure(INVALID_REDIRECT_MESSAGE);
        },
        onError: (error) => onFailure(error.message),
      },
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="divider my-0 text-sm">or continue with</p>
      {providers.map((provider) => {
        const starting = start.isPending && start.variables.provider === provider.id;
        return (
          <button
            key={provider.id}
            type="button"
            className="btn btn-outline w-full"
            disabled={!hydrated || config.isPending || start.isPending}
            onClick={() => signInWith(provider)}
          >
            {starting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {provider.text}
          </button>
        );
      })}
    </div>
  );
}
