// Security: the signed-in admin's two-step sign-in (the second factor): on, or set it up now.

import { Card } from "../components/card";
import { PageHeader } from "../components/page-header";
import { useAdminAccess } from "../gate/access";
import { Enrolment } from "../gate/second-factor";
import { useAdminTitle } from "../lib/use-admin-title";

export function SecurityScreen() {
  useAdminTitle("Security");
  const { secondFactor, refresh } = useAdminAccess();
  return (
    <div className="admin-screen">
      <PageHeader title="Security" />
      <Card title="Two-step sign-in" className="security-card">
        {secondFactor === null ? (
          <p>This server does not offer two-step sign-in yet.</p>
        ) : secondFactor.enrolled ? (
          <>
            <p className="security-status is-on">
              <span className="admin-pill is-active">On</span> Each sign-in to the back-office asks
              for a code from your authenticator app as well as your password.
            </p>
            <p className="admin-muted">
              {secondFactor.verified
                ? "This sign-in has passed it."
                : "This sign-in has not been asked for a code yet."}
            </p>
          </>
        ) : (
          <>
            <p className="security-status">
              <span className="admin-pill is-draft">Off</span>{" "}
              {secondFactor.required
                ? "This deployment asks for it: set it up to keep using the back-office."
                : "Your password alone opens the back-office. With two-step sign-in, each sign-in also asks for a 6-digit code from an authenticator app on your phone, so a stolen password is not enough."}
            </p>
            <Enrolment onEnrolled={refresh} />
          </>
        )}
      </Card>
    </div>
  );
}
