import { startFirefox } from './firefox.ts';
const d = await startFirefox();
const t = Date.now();
const lap = (m: string) => console.log(m, Date.now() - t);
try {
  await d.open('http://127.0.0.1:3201/#/login'); lap('open');
  console.log(await d.run('function(){return [innerWidth, innerHeight, document.hasFocus()]}')); lap('run');
  await d.click('input[data-qa="login-email"]'); lap('click');
  await d.keys('abc'); lap('keys');
  console.log(await d.run('function(){return document.activeElement.value}'));
} catch (e) { console.log('ERR', e); }
await d.quit();
