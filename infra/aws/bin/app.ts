/** The CDK app (`cdk.json` runs this with tsx): `npm run synth`, `npm run deploy`. */
import { createSiteApp } from '../site-app';

createSiteApp();
