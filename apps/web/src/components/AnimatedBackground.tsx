/** Decorative animated gradient behind every page. No behaviour. */
export function AnimatedBackground() {
  return (
    <div aria-hidden className="pointer-events-none fixed inset-0 -z-10 overflow-hidden bg-night-950">
      <div className="absolute -left-[20%] -top-[25%] h-[70vmax] w-[70vmax] animate-drift-a rounded-full bg-[radial-gradient(circle_at_center,rgba(124,58,237,0.5),transparent_62%)] blur-3xl" />
      <div className="absolute -right-[25%] top-[10%] h-[65vmax] w-[65vmax] animate-drift-b rounded-full bg-[radial-gradient(circle_at_center,rgba(255,77,157,0.3),transparent_60%)] blur-3xl" />
      <div className="absolute -bottom-[35%] left-[15%] h-[70vmax] w-[70vmax] animate-drift-c rounded-full bg-[radial-gradient(circle_at_center,rgba(56,189,248,0.18),transparent_60%)] blur-3xl" />
      <div className="absolute inset-0 bg-[radial-gradient(ellipse_at_top,transparent_0%,rgba(11,8,32,0.55)_70%)]" />
      <div className="absolute inset-0 opacity-[0.05] [background-image:linear-gradient(rgba(255,255,255,0.6)_1px,transparent_1px),linear-gradient(90deg,rgba(255,255,255,0.6)_1px,transparent_1px)] [background-size:56px_56px] [mask-image:radial-gradient(ellipse_at_center,black,transparent_75%)]" />
    </div>
  );
}
