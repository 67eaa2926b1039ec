from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import include, path

from accounts import api, audit_api, saml_views, signin, sso_api, sso_views

urlpatterns = [
    path("login/", signin.SignInView.as_view(), name="login"),
    path("login/verify/", signin.verify, name="login-verify"),
    path("account/two-factor/", signin.two_factor, name="two-factor"),
    path("logout/", sso_views.SignOutView.as_view(), name="logout"),
    # Single sign-on (accounts.sso_views): find the organization's provider, go, come back.
    path("login/sso/", sso_views.sso_choose, name="sso-choose"),
    path("login/sso/<slug:organization>/<slug:provider>/", sso_views.sso_start, name="sso-start"),
    path("login/oidc/callback/", sso_views.oidc_callback, name="oidc-callback"),
    # A SAML provider's service provider: its metadata (and entity id), and the ACS.
    path(
        "login/saml/<slug:organization>/<slug:provider>/metadata/",
        saml_views.metadata,
        name="saml-metadata",
    ),
    path("login/saml/<slug:organization>/<slug:provider>/acs/", saml_views.acs, name="saml-acs"),
    # Invitations: the link an owner hands to a new member sets their first password.
    path(
        "invite/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="accounts/set_password.html", success_url="/login/"
        ),
        name="password_reset_confirm",
    ),
    path("api/me", api.WhoAmIView.as_view(), name="api-me"),
    path("api/identity-providers", sso_api.ProviderListView.as_view(), name="identity-providers"),
    path(
        "api/identity-providers/<int:provider_id>",
        sso_api.ProviderView.as_view(),
        name="identity-provider",
    ),
    path("api/sso-enforcement", sso_api.EnforcementView.as_view(), name="sso-enforcement"),
    # The audit log (the audit app's selectors), read by owners and admins.
    path("api/audit", audit_api.AuditListView.as_view(), name="audit"),
    path("api/audit/verify", audit_api.AuditVerifyView.as_view(), name="audit-verify"),
    path("api/audit/export", audit_api.AuditExportView.as_view(), name="audit-export"),
    # SCIM 2.0 provisioning, called by the organization's identity provider (accounts.scim).
    path("scim/v2/", include("accounts.scim.urls")),
]
