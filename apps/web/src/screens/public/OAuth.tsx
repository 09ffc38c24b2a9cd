import { useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { completeOAuth, navigate } from '../../app/services';
import { PageLoader } from '../../shell/PageLoader';

/** Landing page of an external sign-in: exchanges the refresh cookie for a session. */
export default function OAuth() {
  const { lang } = useParams();
  const started = useRef(false);
  useEffect(() => {
    // Once only: a second refresh with the same cookie would look like token theft to the server.
    if (started.current) return;
    started.current = true;
    void completeOAuth().then((ok) => {
      if (!ok) navigate(`/${lang}/login?oauth_error=oauth_failed`, { replace: true });
    });
  }, [lang]);
  return <PageLoader />;
}
