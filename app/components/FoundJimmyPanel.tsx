import { Link } from "~/components/Link";
import { CameraIcon, LocateIcon, ScanIcon, TrophyIcon, UploadIcon } from "./ui/icons";
import { useT } from "./i18n";

// Two by two on a phone, so the feed below starts on the first screen; a list beside it from a wider screen on.
const itemClass =
  "flex h-full w-full items-center gap-2 rounded-xl border border-stone-200 bg-white p-2 text-start text-sm leading-tight font-semibold text-stone-800 shadow-sm hover:border-orange-300 hover:bg-orange-50 sm:gap-3 sm:rounded-2xl sm:p-3 sm:text-base";

/** Home's 'Found a Jimmy?' panel. */
export function FoundJimmyPanel({
  renderAction,
}: {
  /** Renders a contributor action (it may need sign-in first). */
  renderAction: (props: { to: string; className: string; children: React.ReactNode }) => React.ReactNode;
}) {
  const t = useT();
  return (
    <section aria-labelledby="found-title" className="rounded-2xl border border-orange-100 bg-orange-50/60 p-4 sm:rounded-3xl sm:p-5">
      <h2 id="found-title" className="text-lg font-bold tracking-tight">
        {t("Found a Jimmy?")}
      </h2>
      {/* Said again on /scan; on a phone the four choices speak for themselves and the feed gets the room. */}
      <p className="mt-1 hidden text-sm text-stone-600 sm:block">
        {t("Scan the QR code on its base, or type the number printed on the label.")}
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 sm:mt-4 sm:grid-cols-1">
        <li>
          {renderAction({
            to: "/scan",
            className: itemClass,
            children: (
              <>
                <Badge>
                  <ScanIcon />
                </Badge>
                {t("Scan QR Code")}
              </>
            ),
          })}
        </li>
        <li>
          {renderAction({
            to: "/scan#manual",
            className: itemClass,
            children: (
              <>
                <Badge>
                  <UploadIcon />
                </Badge>
                {t("Manual Upload")}
              </>
            ),
          })}
        </li>
        <li>
          <Link to="/near-me" className={itemClass}>
            <Badge>
              <LocateIcon />
            </Badge>
            {t("Hunt Near Me")}
          </Link>
        </li>
        <li>
          <Link to="/hall-of-fame" className={itemClass}>
            <Badge>
              <TrophyIcon />
            </Badge>
            {t("Hall of Fame")}
          </Link>
        </li>
      </ul>
    </section>
  );
}

function Badge({ children }: { children: React.ReactNode }) {
  return (
    <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-orange-100 text-orange-800 sm:h-10 sm:w-10 sm:rounded-xl">
      {children}
    </span>
  );
}

/** The floating quick-capture button on the home page. */
export function QuickCaptureButton({
  renderAction,
}: {
  renderAction: (props: {
    to: string;
    className: string;
    children: React.ReactNode;
    "aria-label"?: string;
    "data-floating-action"?: string;
  }) => React.ReactNode;
}) {
  const t = useT();
  return renderAction({
    to: "/scan",
    "aria-label": t("Report a discovery"),
    "data-floating-action": "",
    className:
      // Not on phones: there the bottom bar's Scan is the same action, and a button floating over the feed would cover its links.
      "fixed bottom-8 end-8 z-40 hidden h-14 w-14 items-center justify-center rounded-full bg-orange-700 text-white shadow-xl hover:bg-orange-800 md:flex",
    children: <CameraIcon className="h-6 w-6" />,
  });
}
