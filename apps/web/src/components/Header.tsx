import { LayoutDashboard, Library, LogOut, Menu, PartyPopper, ShieldCheck, UserRound, Users, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { displayName, useAuth } from "../auth/context";
import { buttonClass } from "./Button";
import { cx } from "./cx";
import { Logo } from "./Logo";
import { NotificationBell } from "./NotificationBell";

interface NavEntry {
  to: string;
  label: string;
  icon: ReactNode;
}

const USER_LINKS: NavEntry[] = [
  { to: "/dashboard", label: "Dashboard", icon: <LayoutDashboard className="size-4" aria-hidden /> },
  { to: "/library", label: "Library", icon: <Library className="size-4" aria-hidden /> },
  { to: "/community", label: "Community", icon: <Users className="size-4" aria-hidden /> },
  { to: "/groups", label: "Groups", icon: <PartyPopper className="size-4" aria-hidden /> },
  // NavLink without `end` is active on /profile and any /profile/... path.
  { to: "/profile", label: "Profile", icon: <UserRound className="size-4" aria-hidden /> },
];

const SMALL_LINKS = [
  { to: "/contact", label: "Contact" },
  { to: "/refund", label: "Refund" },
  { to: "/shipping", label: "Shipping" },
];

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  cx(
    // Icons and roomier padding from xl: at 1024-1279 px the admin's links, help links and Logout must fit.
    "inline-flex items-center gap-2 rounded-full px-2.5 py-2 text-sm font-medium transition xl:px-3.5 [&>svg]:hidden xl:[&>svg]:block",
    isActive ? "bg-white/12 text-white" : "text-slate-300 hover:bg-white/6 hover:text-white",
  );

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  cx(
    "flex items-center gap-3 rounded-2xl px-4 py-3 text-base font-medium transition",
    isActive ? "bg-white/12 text-white" : "text-slate-200 hover:bg-white/6",
  );

export function Header() {
  const { user, status, isAdmin, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const signedIn = status !== "unauthenticated" && user !== null;

  // Close the mobile menu on navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change only
  useEffect(() => setOpen(false), [location.pathname]);

  // Escape closes the menu and returns focus to the toggle.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  // Leave the (possibly protected) screen first so its guard does not bounce to /login; once the
  // home page is showing, sign out (which stops calls still running and ends the server session).
  function onLogout() {
    setOpen(false);
    setLoggingOut(true);
    navigate("/");
  }
  useEffect(() => {
    if (!loggingOut || location.pathname !== "/") return;
    void logout().finally(() => setLoggingOut(false));
  }, [loggingOut, location.pathname, logout]);

  const close = () => setOpen(false);

  return (
    <header className="sticky top-0 z-50 border-b border-white/8 bg-night-950/70 backdrop-blur-xl">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-3 focus:top-3 focus:z-[60] focus:rounded-full focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-night-950"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="shrink-0 rounded-xl" aria-label="StepSync home">
          <Logo />
        </Link>

        {signedIn ? (
          <nav aria-label="Main" className="ml-2 hidden items-center gap-0.5 lg:flex xl:ml-4 xl:gap-1">
            {USER_LINKS.map((l) => (
              <NavLink key={l.to} to={l.to} className={desktopLink}>
                {l.icon}
                {l.label}
              </NavLink>
            ))}
            {isAdmin ? (
              <NavLink to="/admin" className={desktopLink}>
                <ShieldCheck className="size-4" aria-hidden />
                Admin
              </NavLink>
            ) : null}
          </nav>
        ) : null}

        <div className="ml-auto hidden items-center gap-2 lg:flex">
          {signedIn ? (
            <>
              {/* From xl: between 1024 and 1279 px the main links take the room (the footer has these too). */}
              <nav aria-label="Help" className="hidden items-center gap-0.5 xl:flex">
                {SMALL_LINKS.map((l) => (
                  <NavLink
                    key={l.to}
                    to={l.to}
                    className={({ isActive }) =>
                      cx(
                        "rounded-full px-2.5 py-1.5 text-xs font-medium transition",
                        isActive ? "text-white" : "text-slate-400 hover:text-slate-100",
                      )
                    }
                  >
                    {l.label}
                  </NavLink>
                ))}
              </nav>
              <span className="mx-1 hidden h-6 w-px bg-white/10 xl:block" aria-hidden />
              <span className="hidden max-w-[10rem] truncate text-sm text-slate-300 xl:inline" title={user?.email}>
                {displayName(user)}
              </span>
              <button
                type="button"
                onClick={onLogout}
                disabled={loggingOut}
                className={buttonClass("secondary", "sm", "shrink-0")}
              >
                <LogOut className="size-4" aria-hidden />
                Logout
              </button>
            </>
          ) : (
            <>
              <Link to="/login" className={buttonClass("ghost", "sm")}>
                Log in
              </Link>
              <Link to="/signup" className={buttonClass("primary", "sm")}>
                Sign up
              </Link>
            </>
          )}
        </div>

        {/* One bell for every width: beside the menu toggle on a phone, after Logout on a desktop. */}
        {signedIn ? <NotificationBell className="ml-auto lg:ml-0" /> : null}

        <button
          ref={toggleRef}
          type="button"
          className={cx(
            "inline-flex size-11 items-center justify-center rounded-full text-slate-200 hover:bg-white/10 lg:hidden",
            !signedIn && "ml-auto",
          )}
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? "Close menu" : "Open menu"}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
        </button>
      </div>

      {open ? (
        <div id={menuId} className="animate-fade-up border-t border-white/8 bg-night-950/95 lg:hidden">
          <nav aria-label="Mobile" className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4">
            {signedIn ? (
              <>
                {USER_LINKS.map((l) => (
                  <NavLink key={l.to} to={l.to} className={mobileLink} onClick={close}>
                    {l.icon}
                    {l.label}
                  </NavLink>
                ))}
                {isAdmin ? (
                  <NavLink to="/admin" className={mobileLink} onClick={close}>
                    <ShieldCheck className="size-4" aria-hidden />
                    Admin
                  </NavLink>
                ) : null}
              </>
            ) : null}
            <div className="my-2 flex flex-wrap gap-2 border-t border-white/8 pt-3">
              {SMALL_LINKS.map((l) => (
                <NavLink
                  key={l.to}
                  to={l.to}
                  onClick={close}
                  className={({ isActive }) =>
                    cx(
                      "rounded-full border border-white/10 px-3.5 py-1.5 text-sm",
                      isActive ? "bg-white/12 text-white" : "text-slate-300 hover:text-white",
                    )
                  }
                >
                  {l.label}
                </NavLink>
              ))}
            </div>
            {signedIn ? (
              <button
                type="button"
                onClick={onLogout}
                disabled={loggingOut}
                className={buttonClass("secondary", "md", "mt-1")}
              >
                <LogOut className="size-4" aria-hidden />
                Logout
              </button>
            ) : (
              <div className="mt-1 grid grid-cols-2 gap-2">
                <Link to="/login" onClick={close} className={buttonClass("secondary", "md")}>
                  Log in
                </Link>
                <Link to="/signup" onClick={close} className={buttonClass("primary", "md")}>
                  Sign up
                </Link>
              </div>
            )}
          </nav>
        </div>
      ) : null}
    </header>
  );
}
