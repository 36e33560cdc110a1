import { CJK_BUSINESS, CJK_HOME } from "../cards/phone-words.js";

/** What a localized header names, in the first release's words (csv-headers.ts turns them into targets). */
export type WordTarget =
  | "first_name"
  | "last_name"
  | "full_name"
  | "company"
  | "email"
  | "notes"
  | "address"
  | "city"
  | "province_state"
  | "postal_zip_code"
  | "name_prefix"
  | "middle_name"
  | "name_suffix"
  | "nickname"
  | "department"
  | "job_title"
  | "birthday"
  | "anniversary"
  | "website"
  | "categories";

// Column names of exports in other languages: Outlook writes its CSV headers in the language of the
// Windows it runs on ('Vorname', 'Mobiltelefon', 'Adresse de messagerie', 'Teléfono móvil'), and so do
// spreadsheets people keep by hand. German, French, Spanish, Italian, Portuguese, Dutch, Polish, Czech
// and the Scandinavian languages, matched on the header as csv-mapping.ts normalises it (lower case,
// punctuation gone), after the English names.

/** Whole headers. */
export const LOCALIZED_EXACT: Record<string, WordTarget> = {
  nombre: "first_name",
  nome: "first_name",
  voornaam: "first_name",
  imię: "first_name",
  imie: "first_name",
  jméno: "first_name",
  förnamn: "first_name",
  fornavn: "first_name",
  etunimi: "first_name",
  apellidos: "last_name",
  apellido: "last_name",
  cognome: "last_name",
  sobrenome: "last_name",
  achternaam: "last_name",
  nazwisko: "last_name",
  příjmení: "last_name",
  efternamn: "last_name",
  efternavn: "last_name",
  etternavn: "last_name",
  sukunimi: "last_name",
  "nom de famille": "last_name",
  "nom complet": "full_name",
  "nombre completo": "full_name",
  "nome completo": "full_name",
  "vollständiger name": "full_name",
  "volledige naam": "full_name",
  anzeigename: "full_name",
  "nom à afficher": "full_name",
  "primäre e mail adresse": "email",
  "adresse électronique principale": "email",
  société: "company",
  entreprise: "company",
  empresa: "company",
  organización: "company",
  organizacion: "company",
  organização: "company",
  azienda: "company",
  società: "company",
  bedrijf: "company",
  organisatie: "company",
  unternehmen: "company",
  notizen: "notes",
  notiz: "notes",
  notas: "notes",
  nota: "notes",
  notities: "notes",
  notitie: "notes",
  anmerkungen: "notes",
  bemerkungen: "notes",
  remarques: "notes",
  commentaires: "notes",
  observaciones: "notes",
  uwagi: "notes",
  poznámky: "notes",
  anteckningar: "notes",
  notater: "notes",
  // Outlook's other columns: prefix, middle name, suffix, nickname, department, job title, dates, web page, categories.
  anrede: "name_prefix",
  titre: "name_prefix",
  tratamiento: "name_prefix",
  titolo: "name_prefix",
  aanhef: "name_prefix",
  tratamento: "name_prefix",
  "weitere vornamen": "middle_name",
  "deuxième prénom": "middle_name",
  "segundo nombre": "middle_name",
  "secondo nome": "middle_name",
  "tweede voornaam": "middle_name",
  "segundo nome": "middle_name",
  namenszusatz: "name_suffix",
  suffixe: "name_suffix",
  sufijo: "name_suffix",
  suffisso: "name_suffix",
  achtervoegsel: "name_suffix",
  sufixo: "name_suffix",
  spitzname: "nickname",
  surnom: "nickname",
  sobrenombre: "nickname",
  apodo: "nickname",
  soprannome: "nickname",
  bijnaam: "nickname",
  apelido: "nickname",
  abteilung: "department",
  service: "department",
  departamento: "department",
  reparto: "department",
  afdeling: "department",
  position: "job_title",
  fonction: "job_title",
  puesto: "job_title",
  posizione: "job_title",
  functie: "job_title",
  cargo: "job_title",
  stanowisko: "job_title",
  должность: "job_title",
  役職: "job_title",
  职务: "job_title",
  geburtstag: "birthday",
  anniversaire: "birthday",
  cumpleaños: "birthday",
  compleanno: "birthday",
  verjaardag: "birthday",
  aniversário: "birthday",
  urodziny: "birthday",
  narozeniny: "birthday",
  födelsedag: "birthday",
  "день рождения": "birthday",
  誕生日: "birthday",
  生日: "birthday",
  jahrestag: "anniversary",
  "anniversaire de mariage": "anniversary",
  aniversario: "anniversary",
  anniversario: "anniversary",
  webseite: "website",
  "page web": "website",
  "página web": "website",
  "pagina web": "website",
  webpagina: "website",
  "página da web": "website",
  kategorien: "categories",
  catégories: "categories",
  categorías: "categories",
  categorie: "categories",
  categorieën: "categories",
  categorias: "categories",
  kategorie: "categories",
  kategorier: "categories",
  категории: "categories",
  分類項目: "categories",
  类别: "categories",
  // Turkish, Russian and Ukrainian.
  ad: "first_name",
  adı: "first_name",
  soyad: "last_name",
  soyadı: "last_name",
  şirket: "company",
  notlar: "notes",
  имя: "first_name",
  "ім'я": "first_name",
  імя: "first_name",
  фамилия: "last_name",
  прізвище: "last_name",
  организация: "company",
  компания: "company",
  заметки: "notes",
  примечания: "notes",
  нотатки: "notes",
  // Japanese and Chinese (Outlook: 姓 and 名 apart; 氏名 and 姓名 whole).
  姓: "last_name",
  名: "first_name",
  氏名: "full_name",
  姓名: "full_name",
  名前: "full_name",
  会社: "company",
  会社名: "company",
  公司: "company",
  メモ: "notes",
  備考: "notes",
  备注: "notes",
  附注: "notes",
  備註: "notes",
};

// Whole words anywhere in a header ('telefon' finds 'Telefon privat', not 'Telefonbuch'), and whole words
// a header starts with.
const word = (words: string) => new RegExp(`(?<!\\p{L})(?:${words})(?!\\p{L})`, "u");
const first = (words: string) => new RegExp(`^(?:${words})(?!\\p{L})`, "u");

// Chinese and Japanese write words without spaces ('携帯電話', '移动电话'): matched anywhere in the header.
const CJK_PHONE = /電話|电话|携帯|手机|手機|ファックス|ファクス|传真|傳真/u;
const CJK_EMAIL = /メール|邮件|郵件|邮箱|電郵/u;

/** Phone columns ('Telefon geschäftlich', 'Téléphone mobile', 'Teléfono del trabajo', 'Cellulare', '携帯電話'). */
const PHONE_WORDS = word(
  "telefon|telefone|telefono|teléfono|téléphone|tél|telefoon|telefonnummer|mobiltelefon|mobil|mobiel|móvil|movil|portable|cellulare|celular|telemóvel|gsm|natel|handy|telefax|télécopie|telecopie|fax|telefonu|телефон|мобильный|сотовый|переносной|мобільний|факс",
);
export const isLocalizedPhone = (header: string) => PHONE_WORDS.test(header) || CJK_PHONE.test(header);

/** E-mail columns; their type and display-name columns are not ('E-Mail-Typ', 'Type de messagerie'). */
const EMAIL_WORDS = first(
  "courriel|adresse de messagerie|adresse e ?mail|adresse électronique|adresse electronique|courrier électronique|correo|dirección de correo|direccion de correo|indirizzo (?:di )?posta|posta elettronica|endereço de e ?mail|endereço de email|e ?mailadres|e ?posta|адрес эл почты|адрес электронной почты|эл почта|электронная почта|електронна пошта",
);
export const isLocalizedEmail = (header: string) => EMAIL_WORDS.test(header) || CJK_EMAIL.test(header);
export const NOT_AN_EMAIL = word("typ|tipo|type|anzeigename|angezeigter|mostrar|visualizzato|weergavenaam");

// Latin-script names start the header ('Ort geschäftlich'); Russian Outlook's end it ('Рабочий адрес,
// город'); Chinese and Japanese ones sit anywhere in it.
const ADDRESS_PARTS: [WordTarget, RegExp][] = [
  [
    "postal_zip_code",
    first("postleitzahl|plz|code postal|código postal|codigo postal|cap|postcode|postnummer|kod pocztowy|psč|cep|posta kodu"),
  ],
  ["postal_zip_code", word("индекс|почтовый индекс")],
  ["postal_zip_code", /郵便番号|邮政编码|邮编|郵遞區號/u],
  ["city", first("ort|stadt|ville|ciudad|città|citta|plaats|woonplaats|cidade|localidad|località|miasto|město|poststed|şehir")],
  ["city", word("город|місто")],
  ["city", /市区町村|城市|市\s?县|縣\s?市/u],
  [
    "province_state",
    first("bundesland|région|region|dép région|département|provincia|estado|provincie|regione|kanton|województwo|kraj|bölge"),
  ],
  ["province_state", word("область|регион|край|регіон")],
  ["province_state", /都道府県|省|州/u],
  ["address", first("straße|strasse|adresse|rue|calle|dirección|direccion|via|indirizzo|straat|rua|endereço|ulica|ulice|gatuadress|adres")],
  ["address", word("улица|адрес|вулиця|адреса|adresi")],
  ["address", /住所|番地|地址|街道/u],
];

/** The address part a localized header names ('Ort geschäftlich', 'Code postal (bureau)'), if any. */
export const localizedAddressPart = (header: string): WordTarget | undefined =>
  ADDRESS_PARTS.find(([, pattern]) => pattern.test(header))?.[0];

const BUSINESS = word(
  "geschäftlich|dienstlich|büro|arbeit|bureau|travail|professionnel|trabajo|oficina|lavoro|ufficio|werk|zakelijk|trabalho|comercial|praca|iş|рабочий|робочий",
);
const HOME = word(
  "privat|privé|personnel|domicile|domicilio|particular|casa|thuis|residencial|abitazione|dom|hjem|hem|ev|домашний|домашній",
);

const OTHER = word(
  "weitere|weiterer|weiteres|andere|anderer|autre|otra|otro|altro|altra|overig|overige|outro|outra|inny|inna|другой|другий",
);

/** The address group of a localized header ('business', 'home' or 'other'): its columns fill one address. */
export const localizedAddressGroup = (header: string): string =>
  BUSINESS.test(header) || CJK_BUSINESS.test(header)
    ? "business"
    : HOME.test(header) || CJK_HOME.test(header)
      ? "home"
      : OTHER.test(header)
        ? "other"
        : "";
