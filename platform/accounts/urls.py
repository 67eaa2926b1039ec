from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import include, path

from accounts import api, signin

urlpatterns = [
    path("login/", signin.SignInView.as_view(), name="login"),
    path("login/verify/", signin.verify, name="login-verify"),
    path("account/two-factor/", signin.two_factor, name="two-factor"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    # Invitations: the link an owner hands to a new member sets their first password.
    path(
        "invite/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="accounts/set_password.html", success_url="/login/"
        ),
        name="password_reset_confirm",
    ),
    path("api/me", api.WhoAmIView.as_view(), name="api-me"),
    # SCIM 2.0 provisioning, called by the organization's identity provider (accounts.scim).
    path("scim/v2/", include("accounts.scim.urls")),
]
