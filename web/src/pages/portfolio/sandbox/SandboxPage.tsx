import { OAUTH_PROVIDERS, providerLabels } from '../../../../../common/oauth.ts';
import { useTexts } from '../../../i18n/texts.ts';
import { Button } from '../../../ui/Button.tsx';
import { LineChart, RadarChart, ScatterChart } from '../../../ui/charts/charts.tsx';
import { chartColours } from '../../../ui/charts/options.ts';
import { useToast } from '../../../ui/Toast.tsx';
import providerStyles from '../../auth/ProviderButtons.module.css';
import { ProviderMark, useSignInProviders } from '../../auth/ProviderButtons.tsx';
import { owner } from '../content/owner.ts';
import { useDocumentTitle } from '../motion.ts';
import { PortfolioNav } from '../PortfolioNav.tsx';
import styles from './sandbox.module.css';

// Sample figures for the charts (not anyone's data).
const SCATTER = [
  { x: 1, y: 52, title: 'Ari' },
  { x: 2, y: 61, title: 'Bo' },
  { x: 3, y: 58, title: 'Chan' },
  { x: 4, y: 70, title: 'Dana' },
  { x: 5, y: 74, title: 'Eun' },
  { x: 6, y: 81, title: 'Finn' },
  { x: 7, y: 79, title: 'Gyu' },
  { x: 8, y: 90, title: 'Hana' },
];
// The radar's values, in the order of sandboxTexts.topics; the line's, of sandboxTexts.days.
const RADAR = [82, 64, 48, 71, 59, 88];
const CORRECT = [6, 8, 5, 9, 11, 7, 12];
const WRONG = [3, 2, 4, 2, 1, 3, 1];

/** The three provider buttons: a link into the real sign-in where the server has the provider's settings. */
function SignInButtons() {
  const { sandboxTexts } = useTexts('portfolio');
  const { oauthTexts } = useTexts('messages');
  const configured = useSignInProviders();
  return (
    <ul className={styles.providers}>
      {OAUTH_PROVIDERS.map((provider) => {
        const label = oauthTexts.continueWith(providerLabels[provider]);
        return (
          <li key={provider}>
            {configured.includes(provider) ? (
              <a
                className={`${providerStyles.button} ${providerStyles[provider]}`}
                href={`/oauth2/authorization/${provider}?from=${encodeURIComponent('/sandbox')}`}
              >
                <ProviderMark provider={provider} />
                <span>{label}</span>
              </a>
            ) : (
              <span
                className={`${providerStyles.button} ${providerStyles[provider]} ${styles.off}`}
                aria-disabled="true"
              >
                <ProviderMark provider={provider} />
                <span>
                  {label} <small>({sandboxTexts.notConfigured})</small>
                </span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** `/sandbox`: social sign-in buttons, sample charts, and buttons that raise toasts. */
export function SandboxPage() {
  const { sandboxTexts } = useTexts('portfolio');
  useDocumentTitle(`${sandboxTexts.title} · ${owner.siteTitle}`);
  const { showToast } = useToast();
  const colours = chartColours();
  const lines = [
    { label: sandboxTexts.correct, values: CORRECT, colour: colours.ok },
    { label: sandboxTexts.wrong, values: WRONG, colour: colours.bad },
  ];
  const radar = sandboxTexts.topics.map((label, i) => ({ label, value: RADAR[i]! }));
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{sandboxTexts.title}</h1>
      <p className={styles.intro}>{sandboxTexts.intro}</p>
      <section className={styles.block} aria-labelledby="sandbox-sign-in">
        <h2 id="sandbox-sign-in">{sandboxTexts.signIn}</h2>
        <SignInButtons />
      </section>
      <section className={styles.block} aria-labelledby="sandbox-toasts">
        <h2 id="sandbox-toasts">{sandboxTexts.toasts}</h2>
        <div className={styles.buttons}>
          <Button variant="primary" onClick={() => showToast(sandboxTexts.successToast, 'success')}>
            {sandboxTexts.successButton}
          </Button>
          <Button variant="danger" onClick={() => showToast(sandboxTexts.errorToast, 'error')}>
            {sandboxTexts.errorButton}
          </Button>
        </div>
      </section>
      <section className={styles.block} aria-labelledby="sandbox-charts">
        <h2 id="sandbox-charts">{sandboxTexts.charts}</h2>
        <div className={styles.charts}>
          <ScatterChart
            title={sandboxTexts.scatterTitle}
            seriesLabel={sandboxTexts.scatterSeries}
            points={SCATTER}
            axes={{ x: sandboxTexts.hoursAxis, y: sandboxTexts.scoreAxis }}
          />
          <RadarChart
            title={sandboxTexts.radarTitle}
            seriesLabel={sandboxTexts.radarSeries}
            axes={radar}
            empty={sandboxTexts.noData}
          />
          <LineChart
            title={sandboxTexts.lineTitle}
            labels={[...sandboxTexts.days]}
            series={lines}
            axes={{ x: sandboxTexts.dayAxis, y: sandboxTexts.answersAxis, counts: true }}
            empty={sandboxTexts.noData}
          />
        </div>
      </section>
      <PortfolioNav current="/sandbox" />
    </main>
  );
}
