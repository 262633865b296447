import type { LanguageCode } from '@kestrel/contract';

/**
 * The customer-facing platform texts a fresh install starts with, in all 19 languages: the risk
 * ticker and the other tips, the welcome pop-up, and the home banner's site description. Operators
 * edit every language afterwards (features/launch/platform-text-routes.ts); the start-up top-up
 * (platform-text-top-up.ts) fills only languages a row still lacks.
 *
 * Rules for these texts:
 * - The English is the original and must not change: the top-up recognises a seeded row by its seed
 *   key AND its English still being this English (a translation is a translation of one text). A
 *   release that rewords the English must keep the old wording as a recognised earlier version.
 * - The Chinese (zh) of the tips and the pop-up is what installs before this file already had.
 * - Honest wording in every language: simulated prices are called simulated, demo funds demo funds,
 *   and the risk warning keeps its full strength ("only money you can afford to lose").
 * - "This installation" reads as "this platform" or "this site" where the literal word would puzzle
 *   a customer; the meaning (this deployment, not the whole market) is kept.
 * - `my` is Malay (languages.ts maps it to `ms`), `ida` is Hindi, `sa` is Arabic like `ar`.
 * - Plain text: no markup. The pop-up content is rich text but these seeds need none.
 */
export type AllLanguages = Record<LanguageCode, string>;

/** The seed keys of the tips (their `remark` too, which the app selects them by). */
export const TIP_SEED_KEYS = ['risk_warning', 'simulated_market', 'register_tip'] as const;
export type TipSeedKey = (typeof TIP_SEED_KEYS)[number];

export const POP_UP_SEED_KEYS = ['welcome'] as const;
export type PopUpSeedKey = (typeof POP_UP_SEED_KEYS)[number];

const RISK_WARNING: AllLanguages = {
  en: 'Trading leveraged products carries a high level of risk. Only trade with money you can afford to lose.',
  zh: '杠杆产品交易风险较高，请仅使用您能承受损失的资金进行交易。',
  tc: '槓桿產品交易風險較高，請僅使用您能承受損失的資金進行交易。',
  de: 'Der Handel mit gehebelten Produkten ist mit einem hohen Risiko verbunden. Handeln Sie nur mit Geld, dessen Verlust Sie verkraften können.',
  es: 'Operar con productos apalancados conlleva un alto nivel de riesgo. Opere solo con dinero que pueda permitirse perder.',
  fr: "La négociation de produits à effet de levier comporte un niveau de risque élevé. Ne négociez qu'avec de l'argent que vous pouvez vous permettre de perdre.",
  idn: 'Trading produk dengan leverage memiliki tingkat risiko yang tinggi. Lakukan trading hanya dengan uang yang sanggup Anda relakan jika hilang.',
  jp: 'レバレッジ商品の取引には高いリスクが伴います。失っても生活に支障のない資金の範囲内でのみ取引してください。',
  ko: '레버리지 상품 거래에는 높은 수준의 위험이 따릅니다. 잃어도 감당할 수 있는 자금으로만 거래하세요.',
  my: 'Dagangan produk berleveraj membawa risiko yang tinggi. Berdagang hanya dengan wang yang anda mampu tanggung kerugiannya.',
  th: 'การซื้อขายผลิตภัณฑ์ที่มีเลเวอเรจมีความเสี่ยงสูง โปรดซื้อขายด้วยเงินที่คุณสามารถยอมรับการสูญเสียได้เท่านั้น',
  vi: 'Giao dịch sản phẩm có đòn bẩy tiềm ẩn mức rủi ro cao. Chỉ giao dịch bằng số tiền mà bạn có thể chấp nhận mất.',
  pt: 'Negociar produtos alavancados envolve um alto nível de risco. Negocie apenas com dinheiro cuja perda você possa suportar.',
  rus: 'Торговля продуктами с кредитным плечом сопряжена с высоким уровнем риска. Торгуйте только теми деньгами, потерю которых вы можете себе позволить.',
  blr: 'Гандаль прадуктамі з крэдытным плячом звязаны з высокім узроўнем рызыкі. Гандлюйце толькі тымі грашыма, страту якіх вы можаце сабе дазволіць.',
  ida: 'लीवरेज वाले उत्पादों की ट्रेडिंग में उच्च स्तर का जोखिम होता है। केवल उतने ही पैसे से ट्रेड करें जितना खोना आप सह सकते हैं।',
  sa: 'ينطوي تداول المنتجات ذات الرافعة المالية على مستوى عالٍ من المخاطر. لا تتداول إلا بأموال يمكنك تحمّل خسارتها.',
  ar: 'ينطوي تداول المنتجات ذات الرافعة المالية على مستوى عالٍ من المخاطر. لا تتداول إلا بأموال يمكنك تحمّل خسارتها.',
  it: 'Il trading di prodotti a leva comporta un elevato livello di rischio. Fai trading solo con denaro che puoi permetterti di perdere.',
};

const SIMULATED_MARKET: AllLanguages = {
  en: 'Market data on this installation is simulated. Prices are not real quotes.',
  zh: '本站行情数据为模拟数据，价格并非真实报价。',
  tc: '本站行情資料為模擬資料，價格並非真實報價。',
  de: 'Die Marktdaten auf dieser Plattform sind simuliert. Die Preise sind keine echten Kurse.',
  es: 'Los datos de mercado de esta plataforma son simulados. Los precios no son cotizaciones reales.',
  fr: 'Les données de marché de cette plateforme sont simulées. Les prix ne sont pas de vraies cotations.',
  idn: 'Data pasar di platform ini adalah simulasi. Harga yang ditampilkan bukan kuotasi nyata.',
  jp: '当サイトの相場データはシミュレーションです。表示価格は実際の相場ではありません。',
  ko: '이 플랫폼의 시세 데이터는 모의 데이터입니다. 가격은 실제 시세가 아닙니다.',
  my: 'Data pasaran di platform ini ialah simulasi. Harga bukan sebut harga sebenar.',
  th: 'ข้อมูลตลาดบนแพลตฟอร์มนี้เป็นข้อมูลจำลอง ราคาที่แสดงไม่ใช่ราคาซื้อขายจริง',
  vi: 'Dữ liệu thị trường trên nền tảng này là dữ liệu mô phỏng. Giá không phải là báo giá thực.',
  pt: 'Os dados de mercado desta plataforma são simulados. Os preços não são cotações reais.',
  rus: 'Рыночные данные на этой платформе смоделированы. Цены не являются реальными котировками.',
  blr: 'Рынкавыя даныя на гэтай платформе змадэляваныя. Цэны не з’яўляюцца рэальнымі каціроўкамі.',
  ida: 'इस प्लेटफ़ॉर्म पर बाज़ार डेटा सिम्युलेटेड है। कीमतें वास्तविक कोटेशन नहीं हैं।',
  sa: 'بيانات السوق على هذه المنصة بيانات محاكاة، والأسعار المعروضة ليست أسعار سوق حقيقية.',
  ar: 'بيانات السوق على هذه المنصة بيانات محاكاة، والأسعار المعروضة ليست أسعار سوق حقيقية.',
  it: 'I dati di mercato di questa piattaforma sono simulati. I prezzi non sono quotazioni reali.',
};

const REGISTER_TIP: AllLanguages = {
  en: 'We send a 6-digit code to confirm your email or phone.',
  zh: '我们会发送6位验证码以确认您的邮箱或手机。',
  tc: '我們會傳送6位數驗證碼以確認您的電子郵件或手機。',
  de: 'Wir senden einen 6-stelligen Code, um Ihre E-Mail-Adresse oder Telefonnummer zu bestätigen.',
  es: 'Enviamos un código de 6 dígitos para confirmar su correo electrónico o teléfono.',
  fr: 'Nous envoyons un code à 6 chiffres pour confirmer votre e-mail ou votre téléphone.',
  idn: 'Kami mengirim kode 6 digit untuk mengonfirmasi email atau nomor telepon Anda.',
  jp: 'メールアドレスまたは電話番号の確認のため、6桁のコードをお送りします。',
  ko: '이메일 또는 전화번호를 확인하기 위해 6자리 코드를 보내 드립니다.',
  my: 'Kami menghantar kod 6 digit untuk mengesahkan e-mel atau telefon anda.',
  th: 'เราจะส่งรหัส 6 หลักเพื่อยืนยันอีเมลหรือหมายเลขโทรศัพท์ของคุณ',
  vi: 'Chúng tôi gửi mã gồm 6 chữ số để xác nhận email hoặc số điện thoại của bạn.',
  pt: 'Enviamos um código de 6 dígitos para confirmar seu e-mail ou telefone.',
  rus: 'Мы отправляем 6-значный код для подтверждения вашей электронной почты или телефона.',
  blr: 'Мы дасылаем 6-значны код, каб пацвердзіць вашу электронную пошту або тэлефон.',
  ida: 'आपके ईमेल या फ़ोन की पुष्टि के लिए हम 6 अंकों का कोड भेजते हैं।',
  sa: 'نرسل رمزًا مكوّنًا من 6 أرقام لتأكيد بريدك الإلكتروني أو رقم هاتفك.',
  ar: 'نرسل رمزًا مكوّنًا من 6 أرقام لتأكيد بريدك الإلكتروني أو رقم هاتفك.',
  it: 'Inviamo un codice di 6 cifre per confermare la tua email o il tuo telefono.',
};

export const TIP_TEXTS: Record<TipSeedKey, AllLanguages> = {
  risk_warning: RISK_WARNING,
  simulated_market: SIMULATED_MARKET,
  register_tip: REGISTER_TIP,
};

const WELCOME_TITLE: AllLanguages = {
  en: 'Welcome to Kestrel',
  zh: '欢迎来到 Kestrel',
  tc: '歡迎來到 Kestrel',
  de: 'Willkommen bei Kestrel',
  es: 'Bienvenido a Kestrel',
  fr: 'Bienvenue sur Kestrel',
  idn: 'Selamat datang di Kestrel',
  jp: 'Kestrel へようこそ',
  ko: 'Kestrel에 오신 것을 환영합니다',
  my: 'Selamat datang ke Kestrel',
  th: 'ยินดีต้อนรับสู่ Kestrel',
  vi: 'Chào mừng đến với Kestrel',
  pt: 'Boas-vindas à Kestrel',
  rus: 'Добро пожаловать в Kestrel',
  blr: 'Вітаем у Kestrel',
  ida: 'Kestrel में आपका स्वागत है',
  sa: 'مرحبًا بك في Kestrel',
  ar: 'مرحبًا بك في Kestrel',
  it: 'Benvenuto su Kestrel',
};

const WELCOME_CONTENT: AllLanguages = {
  en: 'Prices on this installation come from a simulator, and demo accounts trade with demo funds. Both are labelled wherever they are shown.',
  zh: '本站价格来自行情模拟器，模拟账户使用模拟资金交易，两者在显示处均有标注。',
  tc: '本站價格來自行情模擬器，模擬帳戶使用模擬資金交易，兩者在顯示處均有標註。',
  de: 'Die Preise auf dieser Plattform stammen aus einem Simulator, und Demokonten handeln mit Demogeld. Beides ist überall gekennzeichnet, wo es angezeigt wird.',
  es: 'Los precios de esta plataforma proceden de un simulador, y las cuentas demo operan con fondos de demostración. Ambos se indican allí donde se muestran.',
  fr: "Les prix de cette plateforme proviennent d'un simulateur, et les comptes démo négocient avec des fonds fictifs. Les deux sont signalés partout où ils apparaissent.",
  idn: 'Harga di platform ini berasal dari simulator, dan akun demo bertransaksi dengan dana demo. Keduanya diberi label di mana pun ditampilkan.',
  jp: '当サイトの価格はシミュレーターによるもので、デモ口座はデモ資金で取引します。いずれも表示される箇所にその旨を明記しています。',
  ko: '이 플랫폼의 가격은 시뮬레이터에서 생성되며, 데모 계정은 데모 자금으로 거래합니다. 두 가지 모두 표시되는 곳마다 그 사실이 명시되어 있습니다.',
  my: 'Harga di platform ini datang daripada simulator, dan akaun demo berdagang dengan dana demo. Kedua-duanya dilabel di mana sahaja ia dipaparkan.',
  th: 'ราคาบนแพลตฟอร์มนี้มาจากระบบจำลอง และบัญชีทดลองซื้อขายด้วยเงินทดลอง ทั้งสองอย่างมีป้ายกำกับไว้ทุกที่ที่แสดง',
  vi: 'Giá trên nền tảng này đến từ trình mô phỏng, và tài khoản demo giao dịch bằng tiền demo. Cả hai đều được ghi chú rõ ở mọi nơi chúng xuất hiện.',
  pt: 'Os preços desta plataforma vêm de um simulador, e as contas demo negociam com fundos de demonstração. Ambos são identificados onde quer que apareçam.',
  rus: 'Цены на этой платформе поступают от симулятора, а демо-счета торгуют демо-средствами. И то и другое помечено везде, где отображается.',
  blr: 'Цэны на гэтай платформе паступаюць ад сімулятара, а дэма-рахункі гандлююць дэма-сродкамі. І тое, і другое пазначана ўсюды, дзе паказваецца.',
  ida: 'इस प्लेटफ़ॉर्म पर कीमतें एक सिम्युलेटर से आती हैं, और डेमो खाते डेमो फंड से ट्रेड करते हैं। दोनों जहाँ भी दिखाए जाते हैं, वहाँ उन पर यह साफ़ लिखा होता है।',
  sa: 'تأتي الأسعار على هذه المنصة من أداة محاكاة، وتتداول الحسابات التجريبية بأموال تجريبية. ويُشار إلى كليهما بوضوح أينما ظهرا.',
  ar: 'تأتي الأسعار على هذه المنصة من أداة محاكاة، وتتداول الحسابات التجريبية بأموال تجريبية. ويُشار إلى كليهما بوضوح أينما ظهرا.',
  it: 'I prezzi di questa piattaforma provengono da un simulatore e i conti demo operano con fondi demo. Entrambi sono indicati ovunque vengano mostrati.',
};

export const POP_UP_TEXTS: Record<PopUpSeedKey, { title: AllLanguages; content: AllLanguages }> = {
  welcome: { title: WELCOME_TITLE, content: WELCOME_CONTENT },
};

/** The home banner's text under "Welcome to Kestrel" (site_info.description). */
export const SITE_DESCRIPTION: AllLanguages = {
  en: 'Open, self-hostable multi-asset trading: US stocks, crypto, futures and forex.',
  zh: '开放、可自行部署的多资产交易平台：美股、加密货币、期货和外汇。',
  tc: '開放、可自行架設的多資產交易平台：美股、加密貨幣、期貨和外匯。',
  de: 'Offener, selbst hostbarer Multi-Asset-Handel: US-Aktien, Krypto, Futures und Forex.',
  es: 'Trading multiactivo abierto y autoalojable: acciones de EE. UU., cripto, futuros y divisas.',
  fr: 'Trading multi-actifs ouvert et auto-hébergeable : actions US, crypto, contrats à terme et forex.',
  idn: 'Trading multi-aset yang terbuka dan dapat di-hosting sendiri: saham AS, kripto, futures, dan forex.',
  jp: 'オープンでセルフホスト可能なマルチアセット取引：米国株・暗号資産・先物・FX。',
  ko: '직접 호스팅할 수 있는 개방형 멀티에셋 거래: 미국 주식, 암호화폐, 선물, 외환.',
  my: 'Dagangan pelbagai aset yang terbuka dan boleh dihoskan sendiri: saham AS, kripto, niaga hadapan dan forex.',
  th: 'แพลตฟอร์มซื้อขายหลายสินทรัพย์แบบเปิดที่โฮสต์เองได้: หุ้นสหรัฐฯ คริปโต ฟิวเจอร์ส และฟอเร็กซ์',
  vi: 'Giao dịch đa tài sản mở, có thể tự lưu trữ: cổ phiếu Mỹ, tiền mã hóa, hợp đồng tương lai và ngoại hối.',
  pt: 'Negociação multiativos aberta e auto-hospedável: ações dos EUA, cripto, futuros e forex.',
  rus: 'Открытая мультиактивная торговля, которую можно развернуть на своём сервере: акции США, криптовалюты, фьючерсы и форекс.',
  blr: 'Адкрыты шматактыўны гандаль, які можна разгарнуць на ўласным серверы: акцыі ЗША, крыптавалюты, ф’ючарсы і форэкс.',
  ida: 'खुली, स्वयं होस्ट की जा सकने वाली मल्टी-एसेट ट्रेडिंग: अमेरिकी शेयर, क्रिप्टो, फ्यूचर्स और फ़ॉरेक्स।',
  sa: 'منصة تداول مفتوحة متعددة الأصول يمكنك استضافتها بنفسك: الأسهم الأمريكية والعملات المشفرة والعقود الآجلة والفوركس.',
  ar: 'منصة تداول مفتوحة متعددة الأصول يمكنك استضافتها بنفسك: الأسهم الأمريكية والعملات المشفرة والعقود الآجلة والفوركس.',
  it: 'Trading multi-asset aperto e ospitabile sui propri server: azioni USA, cripto, futures e forex.',
};
