<?xml version="1.0"?>
<!DOCTYPE peerAnnotation [
 <!ELEMENT peerAnnotation (pyramid,annotation)>
 <!ELEMENT annotation (text,peerscu+)>
 <!ELEMENT peerscu (contributor)*>
 <!ATTLIST peerscu uid CDATA #REQUIRED
                   label CDATA #REQUIRED
                   comment CDATA #IMPLIED>

 <!ELEMENT pyramid (startDocumentRegEx?,text,scu*)>
 <!ELEMENT startDocumentRegEx (#PCDATA)>
 <!ELEMENT text (line*)>
 <!ELEMENT line (#PCDATA)>
 <!ELEMENT scu (contributor)+>
 <!ATTLIST scu uid CDATA #REQUIRED
               label CDATA #REQUIRED
               comment CDATA #IMPLIED>
 <!ELEMENT contributor (part)+>
 <!ATTLIST contributor label CDATA #REQUIRED
                       comment CDATA #IMPLIED>
 <!ELEMENT part EMPTY>
 <!ATTLIST part label CDATA #REQUIRED
                start CDATA #REQUIRED
                end   CDATA #REQUIRED>

]>

<peerAnnotation>
<pyramid>
<startDocumentRegEx><![CDATA[[-]*\n D[0-9]*-[A-Z]\.M\.100\.[A-Z]\.[A-Z]\n[-]*\n]]></startDocumentRegEx>
 <text>
  <line></line>
  <line>---------------</line>
  <line> D0703-A.M.100.A.A</line>
  <line>---------------</line>
  <line></line>
  <line>The government called both sides to talks.</line>
  <line>The first ferry left the harbour on Friday.</line>
  <line>The workers got a seven percent raise.</line>
  <line>Hundreds of tourists could not leave the islands for days.</line>
  <line>Lines of cars, the report said, formed at the port.</line>
  <line>Both sides agreed on a deal.</line>
  <line>The ferry company lost two million dollars.</line>
  <line></line>
  <line>---------------</line>
  <line> D0703-A.M.100.A.C</line>
  <line>---------------</line>
  <line></line>
  <line>People on the islands could not reach the mainland.</line>
  <line>The ferries left the harbour on Friday.</line>
  <line>Ferry crews will be paid seven percent more.</line>
  <line>Hundreds of tourists, officials said, were stranded for days.</line>
  <line>The strike went into a second week.</line>
  <line>Ferry crews demand a ten percent raise.</line>
  <line>Long queues formed at the port.</line>
  <line></line>
  <line>---------------</line>
  <line> D0703-A.M.100.A.D</line>
  <line>---------------</line>
  <line></line>
  <line>The walkout, residents reported, entered its second week.</line>
  <line>Ferry workers, residents reported, went on strike.</line>
  <line>Long queues, residents reported, waited at the harbour.</line>
  <line>A navy ship carried medicine to the islands on Wednesday.</line>
  <line>Talks between the union and the company broke down on Tuesday.</line>
  <line>Summer visitors could not leave the islands on the islands during the ferry strike.</line>
  <line>Ferry crews want higher pay.</line>
  <line>Blue Line Ferries lost two million dollars.</line>
  <line>The ferries, a spokesman said, sailed again on Friday.</line>
  <line></line>
  <line>---------------</line>
  <line> D0703-A.M.100.A.J</line>
  <line>---------------</line>
  <line></line>
  <line>The walkout went into a second week.</line>
  <line>Ferry crews, according to local radio, got a seven percent raise.</line>
  <line>Grocery stores on the islands had empty shelves within days.</line>
  <line>Summer visitors were stranded on the islands during the ferry strike.</line>
  <line>Islanders could not reach the mainland.</line>
  <line>The navy carried medicine to the islands during the ferry strike.</line>
  <line>Lines of cars waited at the harbour.</line>
 </text>
 <scu uid="1" label="Ferry workers went on strike">
  <contributor label="Ferry workers...went on strike">
   <part label="Ferry workers" start="834" end="847"/>
   <part label="went on strike" start="869" end="883"/>
  </contributor>
 </scu>
 <scu uid="2" label="The workers want higher pay">
  <contributor label="Ferry crews demand a ten percent raise">
   <part label="Ferry crews demand a ten percent raise" start="651" end="689"/>
  </contributor>
  <contributor label="Ferry crews want higher pay">
   <part label="Ferry crews want higher pay" start="1146" end="1173"/>
  </contributor>
 </scu>
 <scu uid="3" label="Islanders were cut off">
  <contributor label="People on the islands could not reach the mainland">
   <part label="People on the islands could not reach the mainland" start="416" end="466"/>
  </contributor>
  <contributor label="Islanders could not reach the mainland">
   <part label="Islanders could not reach the mainland" start="1561" end="1599"/>
  </contributor>
 </scu>
 <scu uid="4" label="Shops ran short of food">
  <contributor label="Grocery stores on the islands had empty shelves within days">
   <part label="Grocery stores on the islands had empty shelves within days" start="1430" end="1489"/>
  </contributor>
 </scu>
 <scu uid="5" label="The navy carried medicine">
  <contributor label="A navy ship carried medicine to the islands on Wednesday">
   <part label="A navy ship carried medicine to the islands on Wednesday" start="941" end="997"/>
  </contributor>
  <contributor label="The navy carried medicine to the islands during the ferry strike">
   <part label="The navy carried medicine to the islands during the ferry strike" start="1601" end="1665"/>
  </contributor>
 </scu>
 <scu uid="6" label="Tourists were stranded">
  <contributor label="Hundreds of tourists could not leave the islands for days">
   <part label="Hundreds of tourists could not leave the islands for days" start="179" end="236"/>
  </contributor>
  <contributor label="Hundreds of tourists...were stranded for days">
   <part label="Hundreds of tourists" start="553" end="573"/>
   <part label="were stranded for days" start="591" end="613"/>
  </contributor>
  <contributor label="Summer visitors could not leave the islands on the islands during the ferry strike">
   <part label="Summer visitors could not leave the islands on the islands during the ferry strike" start="1062" end="1144"/>
  </contributor>
  <contributor label="Summer visitors were stranded on the islands during the ferry strike">
   <part label="Summer visitors were stranded on the islands during the ferry strike" start="1491" end="1559"/>
  </contributor>
 </scu>
 <scu uid="7" label="The ferry company lost money">
  <contributor label="The ferry company lost two million dollars">
   <part label="The ferry company lost two million dollars" start="319" end="361"/>
  </contributor>
  <contributor label="Blue Line Ferries lost two million dollars">
   <part label="Blue Line Ferries lost two million dollars" start="1175" end="1217"/>
  </contributor>
 </scu>
 <scu uid="8" label="Talks failed on Tuesday">
  <contributor label="Talks between the union and the company broke down on Tuesday">
   <part label="Talks between the union and the company broke down on Tuesday" start="999" end="1060"/>
  </contributor>
 </scu>
 <scu uid="9" label="The government offered to mediate">
  <contributor label="The government called both sides to talks">
   <part label="The government called both sides to talks" start="53" end="94"/>
  </contributor>
 </scu>
 <scu uid="10" label="The strike entered its second week">
  <contributor label="The strike went into a second week">
   <part label="The strike went into a second week" start="615" end="649"/>
  </contributor>
  <contributor label="The walkout...entered its second week">
   <part label="The walkout" start="776" end="787"/>
   <part label="entered its second week" start="809" end="832"/>
  </contributor>
  <contributor label="The walkout went into a second week">
   <part label="The walkout went into a second week" start="1327" end="1362"/>
  </contributor>
 </scu>
 <scu uid="11" label="A deal was reached">
  <contributor label="Both sides agreed on a deal">
   <part label="Both sides agreed on a deal" start="290" end="317"/>
  </contributor>
 </scu>
 <scu uid="12" label="The workers got a seven percent raise">
  <contributor label="The workers got a seven percent raise">
   <part label="The workers got a seven percent raise" start="140" end="177"/>
  </contributor>
  <contributor label="Ferry crews will be paid seven percent more">
   <part label="Ferry crews will be paid seven percent more" start="508" end="551"/>
  </contributor>
  <contributor label="Ferry crews...got a seven percent raise">
   <part label="Ferry crews" start="1364" end="1375"/>
   <part label="got a seven percent raise" start="1403" end="1428"/>
  </contributor>
 </scu>
 <scu uid="13" label="Ferries sailed again on Friday">
  <contributor label="The first ferry left the harbour on Friday">
   <part label="The first ferry left the harbour on Friday" start="96" end="138"/>
  </contributor>
  <contributor label="The ferries left the harbour on Friday">
   <part label="The ferries left the harbour on Friday" start="468" end="506"/>
  </contributor>
  <contributor label="The ferries...sailed again on Friday">
   <part label="The ferries" start="1219" end="1230"/>
   <part label="sailed again on Friday" start="1250" end="1272"/>
  </contributor>
 </scu>
 <scu uid="14" label="Long queues formed at the port">
  <contributor label="Lines of cars...formed at the port">
   <part label="Lines of cars" start="238" end="251"/>
   <part label="formed at the port" start="270" end="288"/>
  </contributor>
  <contributor label="Long queues formed at the port">
   <part label="Long queues formed at the port" start="691" end="721"/>
  </contributor>
  <contributor label="Long queues...waited at the harbour">
   <part label="Long queues" start="885" end="896"/>
   <part label="waited at the harbour" start="918" end="939"/>
  </contributor>
  <contributor label="Lines of cars waited at the harbour">
   <part label="Lines of cars waited at the harbour" start="1667" end="1702"/>
  </contributor>
 </scu>
</pyramid>
<annotation>
 <text>
  <line>Islanders were cut off from the mainland.</line>
  <line>Lines of cars waited at the harbour.</line>
  <line>The first ferry, the report said, sailed again on Friday.</line>
  <line>The lighthouse was painted white.</line>
  <line>A fishing boat caught a rare shark.</line>
  <line>The workers got a seven percent raise.</line>
 </text>
 <peerscu uid="14" label="(4) Long queues formed at the port">
  <contributor label="Lines of cars waited at the harbour">
   <part label="Lines of cars waited at the harbour" start="42" end="77"/>
  </contributor>
 </peerscu>
 <peerscu uid="6" label="(4) Tourists were stranded">
 </peerscu>
 <peerscu uid="13" label="(3) Ferries sailed again on Friday">
  <contributor label="The first ferry...sailed again on Friday">
   <part label="The first ferry" start="79" end="94"/>
   <part label="sailed again on Friday" start="113" end="135"/>
  </contributor>
 </peerscu>
 <peerscu uid="10" label="(3) The strike entered its second week">
 </peerscu>
 <peerscu uid="12" label="(3) The workers got a seven percent raise">
  <contributor label="The workers got a seven percent raise">
   <part label="The workers got a seven percent raise" start="207" end="244"/>
  </contributor>
 </peerscu>
 <peerscu uid="3" label="(2) Islanders were cut off">
  <contributor label="Islanders were cut off from the mainland">
   <part label="Islanders were cut off from the mainland" start="0" end="40"/>
  </contributor>
 </peerscu>
 <peerscu uid="7" label="(2) The ferry company lost money">
 </peerscu>
 <peerscu uid="5" label="(2) The navy carried medicine">
 </peerscu>
 <peerscu uid="2" label="(2) The workers want higher pay">
 </peerscu>
 <peerscu uid="11" label="(1) A deal was reached">
 </peerscu>
 <peerscu uid="1" label="(1) Ferry workers went on strike">
 </peerscu>
 <peerscu uid="4" label="(1) Shops ran short of food">
 </peerscu>
 <peerscu uid="8" label="(1) Talks failed on Tuesday">
 </peerscu>
 <peerscu uid="9" label="(1) The government offered to mediate">
 </peerscu>
 <peerscu uid="0" label="All non-matching SCUs go here">
  <contributor label="The lighthouse was painted white">
   <part label="The lighthouse was painted white" start="137" end="169"/>
  </contributor>
 </peerscu>
</annotation>
</peerAnnotation>
