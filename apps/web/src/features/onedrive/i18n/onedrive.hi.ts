import type { onedriveEn } from './onedrive.en.ts';

/** "From OneDrive" words (hi). */
export const onedriveHi: typeof onedriveEn = {
  fromOneDrive: 'OneDrive से',
  signingIn: 'Microsoft में साइन इन हो रहा है…',
  pickerTitle: 'OneDrive से फ़ाइलें चुनें',
  fetching: 'OneDrive से लाया जा रहा है…',
  waiting: 'प्रतीक्षा में…',
  progressLabel: 'OneDrive से {{name}}',
  signInFailed: 'Microsoft साइन-इन पूरा नहीं हुआ। फिर से प्रयास करें।',
  popupBlocked: 'ब्राउज़र ने Microsoft साइन-इन विंडो रोक दी। इस साइट के लिए पॉप-अप की अनुमति दें और फिर से प्रयास करें।',
  errors: {
    expired: 'आपका Microsoft साइन-इन समाप्त हो गया है। फिर से साइन इन करने के लिए "OneDrive से" दोबारा चुनें।',
    throttled: 'OneDrive व्यस्त है। {{seconds}} सेकंड बाद फिर से प्रयास करें।',
    tooLarge: 'यह फ़ाइल अपलोड की अनुमत सीमा (100 MB) से बड़ी है।',
    missing: 'यह फ़ाइल अब OneDrive में नहीं है या आपके साथ साझा नहीं की गई है।',
    notSetUp: 'आपके संगठन के लिए OneDrive सेट नहीं है।',
    unreachable: 'OneDrive से संपर्क नहीं हो सका। बाद में फिर से प्रयास करें।',
  },
  admin: {
    title: 'OneDrive',
    hint: 'सदस्यों को कंपोज़ में OneDrive से फ़ाइलें जोड़ने दें। Microsoft Entra ID में एक ऐप पंजीकृत करें (सिंगल-पेज एप्लिकेशन, नीचे दिया रीडायरेक्ट URI, प्रत्यायोजित अनुमति Files.Read.All) और उसका विवरण दर्ज करें।',
    enabled: 'कंपोज़ में "OneDrive से" दिखाएँ',
    clientId: 'एप्लिकेशन (क्लाइंट) ID',
    clientIdHint: 'ऐप पंजीकरण के अवलोकन पृष्ठ से।',
    authority: 'Microsoft टेनेंट',
    authorityHint: 'आपकी डायरेक्टरी (टेनेंट) ID या डोमेन, या किसी भी Microsoft खाते के लिए "common"।',
    redirectUri: 'पंजीकृत करने हेतु रीडायरेक्ट URI: {{uri}}',
    save: 'सहेजें',
    saved: 'OneDrive सेटिंग्स सहेजी गईं।',
  },
};
